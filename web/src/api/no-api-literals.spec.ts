/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * One way to reach the API (issue 29, item 3): every call goes through the typed functions and hooks of
 * web/src/api/, so no other file of the web app writes an API path. A path written elsewhere is a request
 * the contracts do not type; move it into web/src/api/ as a function or a hook.
 */
const WEB_SRC = join(__dirname, '..');
const API_DIR = join(WEB_SRC, 'api');
/** `'/api/`, `"/api/` or `` `/api/ ``: the start of a string that names an API path. */
const API_LITERAL = /['"`]\/api\//;
/** Lines of a comment (`//`, `/*`, ` * `): they may name a path to explain the code. */
const COMMENT = /^\s*(\/\/|\/\*|\*)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === API_DIR ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the web app reaches the API only through web/src/api/', () => {
  it('writes no /api/ path outside web/src/api/', () => {
    const files = sourceFiles(WEB_SRC);
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (API_LITERAL.test(line) && !COMMENT.test(line) ? [`web/src/${relative(WEB_SRC, file).split(sep).join('/')}:${index + 1}: ${line.trim()}`] : [])),
    );
    // The walk found the app (a wrong directory would find nothing and pass).
    expect(files.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});

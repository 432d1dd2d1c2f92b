/** The package.json version, put in by Vite at build time (see vite.config.mts). */
declare const __APP_VERSION__: string;

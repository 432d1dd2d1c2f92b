import { memo, useEffect, useRef } from 'react';

/** How many page buttons are shown around the current one (PrimeReact's `pageLinkSize` default). */
const PAGE_LINKS = 5;

const ANGLE_LEFT = 'M8.75 11.185C8.65146 11.1854 8.55381 11.1662 8.4628 11.1284C8.37179 11.0906 8.28924 11.0351 8.22 10.965L4.72 7.46496C4.57955 7.32433 4.50066 7.13371 4.50066 6.93496C4.50066 6.73621 4.57955 6.54558 4.72 6.40496L8.22 2.93496C8.36095 2.84357 8.52851 2.80215 8.69582 2.81733C8.86312 2.83252 9.02048 2.90344 9.14268 3.01872C9.26487 3.134 9.34483 3.28696 9.36973 3.4531C9.39463 3.61924 9.36303 3.78892 9.28 3.93496L6.28 6.93496L9.28 9.93496C9.42045 10.0756 9.49934 10.2662 9.49934 10.465C9.49934 10.6637 9.42045 10.8543 9.28 10.995C9.13526 11.1257 8.9448 11.1939 8.75 11.185Z';
const ANGLE_RIGHT = 'M5.25 11.1728C5.14929 11.1694 5.05033 11.1455 4.9592 11.1025C4.86806 11.0595 4.78666 10.9984 4.72 10.9228C4.57955 10.7822 4.50066 10.5916 4.50066 10.3928C4.50066 10.1941 4.57955 10.0035 4.72 9.86283L7.72 6.86283L4.72 3.86283C4.66067 3.71882 4.64765 3.55991 4.68275 3.40816C4.71785 3.25642 4.79932 3.11936 4.91585 3.01602C5.03238 2.91268 5.17819 2.84819 5.33305 2.83149C5.4879 2.81479 5.64411 2.84671 5.78 2.92283L9.28 6.42283C9.42045 6.56346 9.49934 6.75408 9.49934 6.95283C9.49934 7.15158 9.42045 7.34221 9.28 7.48283L5.78 10.9228C5.71333 10.9984 5.63193 11.0595 5.5408 11.1025C5.44966 11.1455 5.35071 11.1694 5.25 11.1728Z';

function Angle({ path, section }: { path: string; section: string }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" fill="none" xmlns="http://www.w3.org/2000/svg" className="p-icon p-paginator-icon" data-pc-section={section}>
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** The pages whose buttons are shown (0-based), the current one kept in the middle when it can: PrimeReact's rule. */
export function pageLinks(page: number, totalPages: number): number[] {
  const visible = Math.min(PAGE_LINKS, totalPages);
  let start = Math.max(0, Math.ceil(page - visible / 2));
  const end = Math.min(totalPages - 1, start + visible - 1);
  start = Math.max(0, start - (PAGE_LINKS - (end - start + 1)));
  const links: number[] = [];
  for (let i = start; i <= end; i++) links.push(i);
  return links;
}

/** What PrimeReact's Paginator hands its `onPageChange`: the new page, 0-based. */
export interface PageChange {
  first: number;
  rows: number;
  page: number;
  totalPages: number;
}

/**
 * The storefront's pager: PrimeReact's Paginator with the template "PrevPageLink PageLinks NextPageLink", the only
 * one the storefront uses, as the same markup (classes, Spanish labels, `data-pc-*`), so the theme styles it alike
 * and its structural CSS is already in the blocking stylesheet (theme/primereact-structure.css). PrimeReact's
 * component brings InputNumber and Dropdown for the templates the storefront never shows: 17 kB gzip of the
 * search's and the laboratory page's first load (docs/decisions.md, "The storefront's weight").
 */
export const Pager = memo(function Pager({ first, rows, totalRecords, onPageChange, 'aria-label': label }: {
  first: number;
  rows: number;
  totalRecords: number;
  onPageChange: (change: PageChange) => void;
  'aria-label'?: string;
}) {
  const page = Math.floor(first / rows);
  const totalPages = Math.ceil(totalRecords / rows);
  const change = (to: number) => {
    if (to >= 0 && to < totalPages) onPageChange({ first: to * rows, rows, page: to, totalPages });
  };
  // As PrimeReact's: when the total shrinks below the page shown, the last page is asked for.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current && page > 0 && first >= totalRecords) change(totalPages - 1);
    mounted.current = true;
  }, [totalRecords]);

  const links = pageLinks(page, totalPages);
  const start = links[0];
  const end = links[links.length - 1];
  const isFirst = page === 0 || totalPages === 0;
  const isLast = page === totalPages - 1 || totalPages === 0;

  return (
    <div className="p-paginator p-component" aria-label={label} data-pc-name="paginator" data-pc-section="root">
      <button type="button" className={`p-paginator-prev p-paginator-element p-link${isFirst ? ' p-disabled' : ''}`} disabled={isFirst} aria-label="Página anterior" data-pc-section="prevpagebutton" onClick={() => change(page - 1)}>
        <Angle path={ANGLE_LEFT} section="prevpageicon" />
      </button>
      <span className="p-paginator-pages" data-pc-section="pages">
        {links.map((link) => (
          <button
            key={link}
            type="button"
            className={`p-paginator-page p-paginator-element p-link${link === start ? ' p-paginator-page-start' : ''}${link === end ? ' p-paginator-page-end' : ''}${link === page ? ' p-highlight' : ''}`}
            aria-label={`Página ${link + 1}`}
            aria-current={link === page ? 'true' : undefined}
            data-pc-section="pagebutton"
            onClick={() => change(link)}
          >
            {link + 1}
          </button>
        ))}
      </span>
      <button type="button" className={`p-paginator-next p-paginator-element p-link${isLast ? ' p-disabled' : ''}`} disabled={isLast} aria-label="Página siguiente" data-pc-section="nextpagebutton" onClick={() => change(page + 1)}>
        <Angle path={ANGLE_RIGHT} section="nextpageicon" />
      </button>
    </div>
  );
});

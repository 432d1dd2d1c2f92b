import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PrimeReactProvider, addLocale, locale } from 'primereact/api';
import { Paginator } from 'primereact/paginator';
import { Pager, pageLinks } from './Pager';

// The labels boot.tsx gives PrimeReact's paginator.
addLocale('es', { aria: { prevPageLabel: 'Página anterior', nextPageLabel: 'Página siguiente', pageLabel: 'Página {page}' } });
locale('es');

const primeReact = (props: { first: number; rows: number; totalRecords: number; 'aria-label'?: string }) =>
  renderToStaticMarkup(
    createElement(PrimeReactProvider, {
      value: { ripple: false, locale: 'es' },
      children: createElement(Paginator, { ...props, template: 'PrevPageLink PageLinks NextPageLink', onPageChange: () => undefined }),
    }),
  );
const ours = (props: { first: number; rows: number; totalRecords: number; 'aria-label'?: string }) =>
  renderToStaticMarkup(createElement(Pager, { ...props, onPageChange: () => undefined }));

describe('the storefront pager', () => {
  it('writes the markup of PrimeReact\'s Paginator with the template "PrevPageLink PageLinks NextPageLink", page by page', () => {
    for (const totalRecords of [0, 5, 10, 11, 35, 52, 200]) {
      for (let page = 0; page < Math.max(1, Math.ceil(totalRecords / 10)); page++) {
        const props = { first: page * 10, rows: 10, totalRecords, ...(totalRecords === 52 && { 'aria-label': 'Páginas de resultados' }) };
        expect({ totalRecords, page, html: ours(props) }).toEqual({ totalRecords, page, html: primeReact(props) });
      }
    }
  });

  it('keeps the current page in the middle of five when it can', () => {
    expect(pageLinks(0, 20)).toEqual([0, 1, 2, 3, 4]);
    expect(pageLinks(9, 20)).toEqual([7, 8, 9, 10, 11]);
    expect(pageLinks(19, 20)).toEqual([15, 16, 17, 18, 19]);
    expect(pageLinks(1, 3)).toEqual([0, 1, 2]);
    expect(pageLinks(0, 0)).toEqual([]);
  });
});

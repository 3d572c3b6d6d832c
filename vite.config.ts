import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { API_PREFIXES } from './schemas/api';
import { precompiledValidators } from './scripts/precompiled-validators-plugin';

const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

const FILTER_DROPDOWN = createRequire(import.meta.url).resolve('antd/es/table/hooks/useFilter/FilterDropdown.js');
const LAZY_FILTER_DROPDOWN = '\0lazy-table-filter-dropdown';

/**
 * antd's Table imports its column-filter dropdown (with Tree, Menu, Checkbox and the filter search) whether or not a
 * column has filters; only the event list's columns have them, so every other list page would download that form
 * machinery for nothing. This swaps the dropdown for a stand-in that loads the real one the first time a filtered
 * column renders (its title shows meanwhile, the filter's trigger after), so filters keep working and cost nothing
 * until used.
 */
function lazyTableFilterDropdown(): Plugin {
  return {
    name: 'lazy-table-filter-dropdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './FilterDropdown' &&
        importer?.replace(/\\/g, '/').endsWith('antd/es/table/hooks/useFilter/index.js')
      )
        return LAZY_FILTER_DROPDOWN;
      return null;
    },
    load(id) {
      if (id !== LAZY_FILTER_DROPDOWN) return null;
      return `import { createElement, lazy, Suspense } from 'react';
export function flattenKeys(filters) {
  let keys = [];
  (filters || []).forEach(({ value, children }) => { keys.push(value); if (children) keys = [...keys, ...flattenKeys(children)]; });
  return keys;
}
const FilterDropdownLoaded = lazy(() => import(${JSON.stringify(FILTER_DROPDOWN)}));
export default function FilterDropdown(props) {
  return createElement(Suspense, { fallback: props.children }, createElement(FilterDropdownLoaded, props));
}
`;
    },
  };
}

const ANTD_ES = createRequire(import.meta.url)
  .resolve('antd/es/index.js')
  .replace(/index\.js$/, '');

/**
 * Components antd modules import for features no screen of ours uses, each loaded instead the first time it renders
 * (nothing shows meanwhile), so the feature keeps working and costs the first bundle nothing: Card's Tabs (for its
 * `tabList`) and Skeleton (for its `loading`), and the Table's row-selection checkbox and radio (for `rowSelection`). Each names the importing module
 * and its import source, and the module loaded instead (all under antd/es/).
 */
const LAZY_ANTD_IMPORTS: { importer: string; source: string; target: string }[] = [
  { importer: 'card/Card.js', source: '../tabs', target: 'tabs/index.js' },
  { importer: 'card/Card.js', source: '../skeleton', target: 'skeleton/index.js' },
  { importer: 'table/hooks/useSelection.js', source: '../../checkbox', target: 'checkbox/index.js' },
  { importer: 'table/hooks/useSelection.js', source: '../../radio', target: 'radio/index.js' },
];
const LAZY_ANTD_PREFIX = '\0lazy-antd:';

/** Swaps each import of {@link LAZY_ANTD_IMPORTS} for a stand-in component that loads the real one when it renders. */
function lazyAntdImports(): Plugin {
  return {
    name: 'lazy-antd-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      const from = importer?.replace(/\\/g, '/');
      const swap = LAZY_ANTD_IMPORTS.find((l) => l.source === source && from?.endsWith(`antd/es/${l.importer}`));
      return swap ? LAZY_ANTD_PREFIX + swap.target : null;
    },
    load(id) {
      if (!id.startsWith(LAZY_ANTD_PREFIX)) return null;
      return `import { createElement, lazy, Suspense } from 'react';
const Loaded = lazy(() => import(${JSON.stringify(ANTD_ES + id.slice(LAZY_ANTD_PREFIX.length))}));
export default function LazyAntd(props) {
  return createElement(Suspense, { fallback: null }, createElement(Loaded, props));
}
`;
    },
  };
}

const RC_FORM_CONTEXT = createRequire(import.meta.url).resolve('@rc-component/form/es/FormContext.js');

/**
 * antd's form context module (which Select, Input and every field read) imports `FormProvider` from rc-form's index,
 * whose body attaches Field, List, useForm and useWatch to the Form component: assignments a bundler must keep, so
 * the whole rc-form and its async validator (about 12 KB gzip) would join the entry's chunk (`app` below). This points
 * that one import at the module that defines `FormProvider`; pages with an antd Form load the rest with it.
 */
function narrowRcFormImport(): Plugin {
  return {
    name: 'narrow-rc-form-import',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@rc-component/form' && importer?.replace(/\\/g, '/').endsWith('antd/es/form/context.js'))
        return RC_FORM_CONTEXT;
      return null;
    },
  };
}

const JSPREADSHEET = /[\\/]jspreadsheet-ce[\\/]dist[\\/]index\.js$/;
const INLINE_HANDLER = 'e.corner.setAttribute("onselectstart","return false")';

/**
 * jspreadsheet gives its fill handle an inline event handler (`onselectstart="return false"`), which the
 * Content-Security-Policy's `script-src-attr 'none'` refuses, and Chromium reports, as soon as it is set. This puts
 * the same behaviour in a listener. The build fails if the library no longer reads so (a new version to look at).
 */
function jspreadsheetWithoutInlineHandler(): Plugin {
  return {
    name: 'jspreadsheet-without-inline-handler',
    transform(code, id) {
      if (!JSPREADSHEET.test(id)) return null;
      if (!code.includes(INLINE_HANDLER))
        this.error(`jspreadsheet no longer sets ${INLINE_HANDLER}: check its inline handlers against the CSP`);
      return {
        code: code.replace(
          INLINE_HANDLER,
          'e.corner.addEventListener("selectstart",function(event){event.preventDefault()})',
        ),
        map: null,
      };
    },
  };
}

/** The console build; in dev, API paths are proxied to the platform API. */
export default defineConfig({
  // Nothing the CSP forbids: validators compiled while building (no eval), no inline handler in jspreadsheet.
  plugins: [
    react(),
    lazyTableFilterDropdown(),
    lazyAntdImports(),
    narrowRcFormImport(),
    precompiledValidators(),
    jspreadsheetWithoutInlineHandler(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd's rc-components declare no `sideEffects`, so importing one export of a package kept all of it (e.g. the
      // whole rc-form, with its validator, in the first bundle for the form context that Select reads). They have no
      // import-time side effects; declaring so lets unused modules drop out.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] },
      // What the entry imports statically (React, the router, the shell's antd parts, the screens' metas) in one chunk:
      // split by default into some 70 small shared chunks, which a first visit downloads all the same, each
      // compressed on its own and each naming the others in its imports (about 14 KB gzip more on /routes).
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries([...API_PREFIXES, '/docs'].map((p) => [p, api])),
  },
});

import { createElement, lazy } from 'react';
import { defineExtensions, lazyComponent } from '../engine/extensions';
import type { FieldName, WidgetName } from '../engine/widgets/registry';
import { proposeChange } from './changes/proposePart';
import { proposeRemove } from './changes/proposeRemovePart';

/**
 * What the console adds to the engine's registries: its screen-specific fields (and, later, its own screen kinds
 * such as the waypoint editor). Each loads with the first screen or form that names it, not with the console.
 */
export const consoleExtensions = defineExtensions({
  kinds: {
    waypoints: lazy(() => import('./waypoints/WaypointEditorView').then((m) => ({ default: m.WaypointEditorView }))),
    home: lazy(() => import('./home/HomeView').then((m) => ({ default: m.HomeView }))),
    compare: lazy(() => import('./compare/CompareView').then((m) => ({ default: m.CompareView }))),
    changes: lazy(() => import('./changes/ChangesView').then((m) => ({ default: m.ChangesView }))),
  },
  widgets: {},
  // 'Propose change' beside Save (issue 39).
  formParts: [proposeChange],
  // 'Propose delete' standing for a row's Delete where the company reviews the list's area (issue 39).
  listParts: [proposeRemove],
  fields: {
    sideMenu: lazyComponent(
      () => import('./fields/SideMenuField').then((m) => m.SideMenuField),
      createElement('div', { 'aria-busy': true, style: { minHeight: 240 } }),
    ),
  },
});

/** Every widget name a console config can use in `ui:widget` (rjsf's own aside). */
export type ConsoleWidgetName = WidgetName | keyof typeof consoleExtensions.widgets;
/** Every field name a console config can use in `ui:field`. */
export type ConsoleFieldName = FieldName | keyof typeof consoleExtensions.fields;

/**
 * The one template language of notification configurations (API.md "Notification templates"), shared by the
 * server's preview and delivery and by the form's token copying. Grammar:
 *
 *   template  := ( text | value | if )*
 *   value     := "{{" name "}}"
 *   if        := "{{#if " name "}}" template ( "{{else}}" template )? "{{/if}}"
 *   name      := [A-Za-z_][A-Za-z0-9_.]*   (at most 64 characters; spaces inside the braces are allowed)
 *
 * A value renders the token's text (empty when the trip has none). An if renders its first part when the token has a
 * non-empty value, else its else part (or nothing). Anything else is text, `{{` that starts no tag included.
 * A template that opens an if without closing it, or closes one never opened, is refused with the reason.
 * Only the values' own string properties are tokens: `{{constructor}}` or `{{#if __proto__}}` never reach a prototype.
 */

/** The placeholder tokens of a trip (GET /notification/config-form-fields), in the order the form lists them. */
export const NOTIFICATION_TOKENS = [
  'trip_id',
  'vehicle_number',
  'driver_name',
  'driver_phone',
  'origin',
  'destination',
  'eta',
  'consignee_name',
  'consignee_phone',
  'transporter_name',
  'company_name',
  'alert_name',
  'event_name',
  'event_time',
  'current_location',
  'trip_status',
  'lr_number',
  'invoice_number',
  'delay_minutes',
  'tracking_link',
] as const;
export type NotificationToken = (typeof NOTIFICATION_TOKENS)[number];

/** The trip the preview and the test messages render (realistic values; the delay is empty to show IF-ELSE). */
export const SAMPLE_TRIP: Record<NotificationToken, string> = {
  trip_id: 'TRP-2026-004512',
  vehicle_number: 'MH12AB1234',
  driver_name: 'Ramesh Kumar',
  driver_phone: '9876543210',
  origin: 'Jamshedpur Plant',
  destination: 'Kolkata Warehouse',
  eta: '2026-11-25 14:30:00',
  consignee_name: 'Eastern Steel Traders',
  consignee_phone: '9123456780',
  transporter_name: 'Shree Logistics',
  company_name: 'Tata Steel',
  alert_name: 'Long Stoppage',
  event_name: 'long.stoppage',
  event_time: '2026-11-24 09:15:00',
  current_location: 'NH 16, Kharagpur',
  trip_status: 'IN_TRANSIT',
  lr_number: 'LR-88213',
  invoice_number: 'INV-55021',
  delay_minutes: '',
  tracking_link: 'https://track.example.com/t/TRP-2026-004512',
};

/** How a token is copied from the form: a plain value, or wrapped in an IF or IF-ELSE block (WEBHOOKS, spec 002 section 4). */
export type TokenWrap = 'VALUE' | 'IF' | 'IF_ELSE';

/** The text a token copies as. */
export function tokenText(token: string, wrap: TokenWrap = 'VALUE'): string {
  const value = `{{${token}}}`;
  if (wrap === 'IF') return `{{#if ${token}}}${value}{{/if}}`;
  if (wrap === 'IF_ELSE') return `{{#if ${token}}}${value}{{else}}{{/if}}`;
  return value;
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string }
  | { kind: 'if'; name: string; then: Node[]; else: Node[] };

const TAG = /\{\{\s*(#if\s+([A-Za-z_][A-Za-z0-9_.]{0,63})|else|\/if|([A-Za-z_][A-Za-z0-9_.]{0,63}))\s*\}\}/g;

/** The parsed template, or the reason it cannot be read. */
export function parseTemplate(template: string): { nodes: Node[] } | { error: string } {
  const root: Node[] = [];
  const stack: { node: Extract<Node, { kind: 'if' }>; inElse: boolean }[] = [];
  const target = () => {
    const top = stack[stack.length - 1];
    return top ? (top.inElse ? top.node.else : top.node.then) : root;
  };
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    const at = match.index ?? 0;
    if (at > last) target().push({ kind: 'text', text: template.slice(last, at) });
    last = at + match[0].length;
    if (match[2]) {
      const node: Node = { kind: 'if', name: match[2], then: [], else: [] };
      target().push(node);
      stack.push({ node, inElse: false });
    } else if (match[1] === 'else') {
      const top = stack[stack.length - 1];
      if (!top || top.inElse) return { error: '{{else}} must sit inside one {{#if}} block' };
      top.inElse = true;
    } else if (match[1] === '/if') {
      if (!stack.pop()) return { error: '{{/if}} closes no {{#if}} block' };
    } else {
      target().push({ kind: 'value', name: match[3] });
    }
  }
  if (last < template.length) target().push({ kind: 'text', text: template.slice(last) });
  if (stack.length) return { error: `{{#if ${stack[stack.length - 1].node.name}}} is not closed with {{/if}}` };
  return { nodes: root };
}

/** How values are written into the text: as they are, or escaped for a JSON string or XML text (webhook bodies). */
export type TemplateEscape = 'none' | 'json' | 'xml';

const ESCAPES: Record<TemplateEscape, (value: string) => string> = {
  none: (value) => value,
  json: (value) => JSON.stringify(value).slice(1, -1),
  xml: (value) =>
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;'),
};

/** A token's text: an own string property of the values, else empty (names like `toString` are unknown tokens). */
function tokenValue(values: Record<string, string | undefined>, name: string): string {
  const value: unknown = Object.hasOwn(values, name) ? values[name] : undefined;
  return typeof value === 'string' ? value : '';
}

function renderNodes(
  nodes: Node[],
  values: Record<string, string | undefined>,
  escapeValue: (value: string) => string,
): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'value') out += escapeValue(tokenValue(values, node.name));
    else out += renderNodes(tokenValue(values, node.name) ? node.then : node.else, values, escapeValue);
  }
  return out;
}

/** A template rendered with a trip's values, or the reason it cannot be read. */
export function renderTemplate(
  template: string,
  values: Record<string, string | undefined> = SAMPLE_TRIP,
  escaping: TemplateEscape = 'none',
): { text: string } | { error: string } {
  const parsed = parseTemplate(template);
  if ('error' in parsed) return parsed;
  return { text: renderNodes(parsed.nodes, values, ESCAPES[escaping]) };
}

/** The token names a template uses that the trip does not have (shown as a warning by the preview). */
export function unknownTokens(template: string): string[] {
  const parsed = parseTemplate(template);
  if ('error' in parsed) return [];
  const names = new Set<string>();
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.kind === 'value') names.add(node.name);
      if (node.kind === 'if') {
        names.add(node.name);
        walk(node.then);
        walk(node.else);
      }
    }
  };
  walk(parsed.nodes);
  return [...names].filter((name) => !(NOTIFICATION_TOKENS as readonly string[]).includes(name));
}

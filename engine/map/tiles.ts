/** The host of a tile template for its attribution (`https://{s}.tile.example.org/{z}/{x}/{y}.png` → `tile.example.org`). */
export function originSourceLabel(template: string): string {
  const host = /^[a-z]+:\/\/([^/?#]+)/i.exec(template.trim())?.[1] ?? template;
  return host.replace(/^\{[^}]*\}\./, '');
}

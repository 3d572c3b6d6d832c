/**
 * Recipients as a question before a send names them: how many ('3 recipients') and the first few ('a@x, b@y, c@z and
 * 2 more'), so that an operator sees whom a message reaches before it goes.
 */
export function recipientWords(to: readonly string[]): { whom: string; shown: string } {
  const whom = to.length === 1 ? '1 recipient' : `${to.length} recipients`;
  const shown = to.slice(0, 3).join(', ') + (to.length > 3 ? ` and ${to.length - 3} more` : '');
  return { whom, shown };
}

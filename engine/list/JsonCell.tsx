/** How tall a JSON cell grows before it scrolls, in pixels. */
export const JSON_CELL_HEIGHT = 120;

/**
 * A cell of a `json` column: the value's indented JSON text in a box that scrolls (both ways) once it is taller
 * than {@link JSON_CELL_HEIGHT}, so a long value keeps its row short. The box takes focus, so a keyboard scrolls it too.
 */
export function JsonCell({ text, label }: { text: string; label: string }) {
  if (!text) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pre for the JSON's layout, named as the region a keyboard scrolls
    <pre
      role="region"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls: it takes focus so that a keyboard scrolls it too
      tabIndex={0}
      aria-label={label}
      style={{
        margin: 0,
        maxHeight: JSON_CELL_HEIGHT,
        maxWidth: '100%',
        overflow: 'auto',
        fontSize: 12,
        lineHeight: 1.5,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        whiteSpace: 'pre',
        background: 'rgba(0, 0, 0, 0.02)',
        borderRadius: 4,
        padding: '4px 8px',
      }}
    >
      {text}
    </pre>
  );
}

import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { uiOptions } from '../widgets/uiOptions';
import './form.css';

declare module 'react' {
  interface CSSProperties {
    /** Fields per row of a `.lego-form-grid` (form.css). */
    '--lego-form-columns'?: number;
  }
}

/**
 * Lays an object's fields out in a grid (`form.css`); `ui:options.columns` (1 to 3) sets fields per row on wide
 * screens, a field's `ui:options.fullWidth` gives it a whole row. Inputs of a row stay in line however their labels
 * wrap.
 */
export function GridTemplate({ properties, uiSchema, title, description }: ObjectFieldTemplateProps) {
  const options = uiOptions(uiSchema);
  const columns = Math.min(Math.max(Number(options.columns) || 1, 1), 3);
  return (
    <div>
      {title && Boolean(options.showTitle) && <h4>{title}</h4>}
      {description}
      <div className="lego-form-grid" style={{ '--lego-form-columns': columns }}>
        {properties
          .filter((p) => !p.hidden)
          .map((p) => {
            const full = uiOptions(uiSchema?.[p.name]).fullWidth;
            return (
              <div key={p.name} className={full ? 'lego-form-cell lego-form-cell-full' : 'lego-form-cell'}>
                {p.content}
              </div>
            );
          })}
      </div>
    </div>
  );
}

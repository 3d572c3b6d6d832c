import type { CSSProperties } from 'react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import './form.css';

/**
 * Lays an object's fields out in a grid (`form.css`); `ui:options.columns` (1 to 3) sets fields per row on wide
 * screens, a field's `ui:options.fullWidth` gives it a whole row. Inputs of a row stay in line however their labels
 * wrap.
 */
export function GridTemplate({ properties, uiSchema, title, description }: ObjectFieldTemplateProps) {
  const columns = Math.min(Math.max(Number((uiSchema?.['ui:options'] as { columns?: number } | undefined)?.columns) || 1, 1), 3);
  return (
    <div>
      {title && uiSchema?.['ui:options'] && (uiSchema['ui:options'] as { showTitle?: boolean }).showTitle && <h4>{title}</h4>}
      {description}
      <div className="lego-form-grid" style={{ '--lego-form-columns': columns } as CSSProperties}>
        {properties.filter((p) => !p.hidden).map((p) => {
          const full = (uiSchema?.[p.name]?.['ui:options'] as { fullWidth?: boolean } | undefined)?.fullWidth;
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

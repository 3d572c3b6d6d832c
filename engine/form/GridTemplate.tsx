import { Col, Row } from 'antd';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** Lays an object's fields out in a grid; `ui:options.columns` (1 to 3) sets fields per row on wide screens. */
export function GridTemplate({ properties, uiSchema, title, description }: ObjectFieldTemplateProps) {
  const columns = Number((uiSchema?.['ui:options'] as { columns?: number } | undefined)?.columns ?? 1);
  const span = Math.floor(24 / Math.min(Math.max(columns, 1), 3));
  return (
    <div>
      {title && uiSchema?.['ui:options'] && (uiSchema['ui:options'] as { showTitle?: boolean }).showTitle && <h4>{title}</h4>}
      {description}
      <Row gutter={16}>
        {properties.filter((p) => !p.hidden).map((p) => {
          const full = (uiSchema?.[p.name]?.['ui:options'] as { fullWidth?: boolean } | undefined)?.fullWidth;
          return (
            <Col key={p.name} xs={24} md={full ? 24 : span}>
              {p.content}
            </Col>
          );
        })}
      </Row>
    </div>
  );
}

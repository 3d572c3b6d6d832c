import { Templates } from '@rjsf/antd';
import type { BaseInputTemplateProps } from '@rjsf/utils';

const AntdBaseInput = Templates.BaseInputTemplate!;

/**
 * antd's text and number input, except that a number field does not clamp what is typed to the schema's range:
 * antd's InputNumber would silently turn -5 into 0 on blur. The value is kept, and the validator answers with the
 * schema's own message (e.g. 'Please enter a number greater than 0').
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, ...unbounded } = props.schema;
  void minimum, void maximum, void exclusiveMinimum, void exclusiveMaximum;
  return <AntdBaseInput {...props} schema={unbounded} />;
}

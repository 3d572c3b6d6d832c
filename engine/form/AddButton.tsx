import { PlusOutlined } from '@ant-design/icons';
import { getUiOptions, type IconButtonProps } from '@rjsf/utils';
import { Button } from 'antd';

/**
 * The add button of a repeatable list, with words on it: the array's `ui:options.addText` (e.g. 'Add Rule'),
 * else 'Add Item'. The theme's button is a bare icon.
 */
export function AddButton({ uiSchema, onClick, disabled, className, id }: IconButtonProps) {
  const text = getUiOptions(uiSchema).addText;
  return (
    <Button id={id} className={className} type="dashed" icon={<PlusOutlined />} onClick={onClick} disabled={disabled}>
      {typeof text === 'string' ? text : 'Add Item'}
    </Button>
  );
}

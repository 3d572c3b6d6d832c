import { UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Space, Upload } from 'antd';
import type { FieldProps } from '@rjsf/utils';
import { pick } from '../data/pick';
import { collectErrors } from './PlaceField';
import { editedRecord, isText, optional, uiOptions } from './uiOptions';

interface LogoValue {
  name: string;
  type: string;
  data: string;
}

/** Reads a file as base64 without the data-URL prefix. */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A logo upload: keeps the image as base64 in the form data and previews it (or the edited record's stored `logoUrl`). */
export function LogoField({
  formData,
  onChange,
  errorSchema,
  fieldPathId,
  disabled,
  readonly,
  uiSchema,
  registry,
}: FieldProps<LogoValue>) {
  const errors = collectErrors(errorSchema);
  const stored =
    optional(pick(editedRecord(registry.formContext), 'logoUrl'), isText) ??
    optional(uiOptions(uiSchema).currentUrl, isText);
  const preview = formData?.data ? `data:${formData.type};base64,${formData.data}` : stored;
  return (
    <Form.Item label="Logo" validateStatus={errors.length ? 'error' : undefined} help={errors.join(' ') || undefined}>
      <Space>
        {preview && <Avatar shape="square" size={48} src={preview} alt="Logo" />}
        <Upload
          accept="image/png,image/jpeg,image/svg+xml,image/webp"
          showUploadList={false}
          disabled={disabled || readonly}
          beforeUpload={async (file) => {
            onChange({ name: file.name, type: file.type, data: await readBase64(file) }, fieldPathId.path);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{preview ? 'Change logo' : 'Upload logo'}</Button>
        </Upload>
      </Space>
    </Form.Item>
  );
}

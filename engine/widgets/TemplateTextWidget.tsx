import { Button, Flex, Input, Popover } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { isEndpoint, type Endpoint } from '../data/endpoint';
import { isRecord } from '../data/pick';
import { PlaceholderTokens, type TokenFormat } from './PlaceholderTokens';
import { TemplatePopup } from './TemplatePopup';
import { useTemplatePopup, type TemplatePopupOptions } from './useTemplatePopup';
import { isListOf, isNumber, isText, optional, required } from './uiOptions';

export { formatToken, type TokenFormat } from './PlaceholderTokens';
export type { TemplatePopupOptions } from './useTemplatePopup';

/** `ui:options` of the template text: where its placeholder tokens come from and how they copy. */
export interface TemplateTextOptions {
  /** The call answering the token names (a list of texts). */
  tokens: Endpoint;
  /** How a token copies; the first is the default. At least one (e.g. `{ label: 'Value', format: '{{$}}' }`). */
  formats: readonly TokenFormat[];
  /** The info shown once a token is copied, `$` standing for the copied text. */
  copied: string;
  /** A note under the tokens (e.g. how to paste on Windows or Mac). */
  note?: string;
  rows?: number;
  placeholder?: string;
  /**
   * Edit the text in a dialog as well, with the tokens beside it (instead of the 'Placeholders' popover): a button
   * under the field opens it; Save writes the text into the form (refusing an empty one with `empty`), Cancel
   * changes nothing.
   */
  popup?: TemplatePopupOptions;
}

const isFormats = isListOf(
  (value: unknown): value is TokenFormat => isRecord(value) && isText(value.label) && isText(value.format),
);
const isPopup = (value: unknown): value is TemplatePopupOptions =>
  isRecord(value) && isText(value.open) && isText(value.title) && isText(value.empty);

/**
 * The template text's options as its config wrote them: without its tokens' call, their formats and the copied
 * message it cannot work, and says so; another option left out or malformed is not set.
 */
const templateTextOptions = (options: Record<string, unknown>): TemplateTextOptions => ({
  tokens: required(options.tokens, isEndpoint, 'templateText: ui:options.tokens'),
  formats: required(options.formats, isFormats, 'templateText: ui:options.formats'),
  copied: required(options.copied, isText, 'templateText: ui:options.copied'),
  note: optional(options.note, isText),
  rows: optional(options.rows, isNumber),
  placeholder: optional(options.placeholder, isText),
  popup: optional(options.popup, isPopup),
});

/** The rows of the dialog's text area: a one-line field (a subject) still gets room to read its tokens. */
const popupRows = (rows: number) => Math.max(rows, 3);

/**
 * A template's text area with its placeholder tokens: the tokens an endpoint answers, each copied to the clipboard (in
 * one of the config's formats) with an info message and a note on pasting. They open in a 'Placeholders' popover, or
 * with `popup` in a dialog that edits the text too. The engine knows no template language: the formats are the
 * config's.
 */
export function TemplateTextWidget({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  options,
  rawErrors,
  schema,
}: WidgetProps) {
  const { tokens, formats, copied, note, rows = 4, placeholder, popup } = templateTextOptions(options);
  const dialog = useTemplatePopup(value, popup?.empty ?? '', (text) => onChange(text));
  const list = <PlaceholderTokens tokens={tokens} formats={formats} copied={copied} note={note} />;
  const locked = disabled || readonly;
  return (
    <Flex vertical gap={4}>
      <Input.TextArea
        id={id}
        value={typeof value === 'string' ? value : ''}
        rows={rows}
        placeholder={placeholder}
        disabled={locked}
        status={rawErrors?.length ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={() => onBlur(id, value)}
      />
      <div>
        {popup ? (
          <Button size="small" type="link" disabled={locked} style={{ paddingInline: 0 }} onClick={dialog.show}>
            {popup.open}
          </Button>
        ) : (
          <Popover content={list} title="Click a placeholder to copy it" trigger="click" placement="bottomLeft">
            <Button size="small" type="link" disabled={locked} style={{ paddingInline: 0 }}>
              Placeholders
            </Button>
          </Popover>
        )}
      </div>
      {popup && dialog.state && (
        <TemplatePopup
          title={popup.title}
          draft={dialog.state.draft}
          error={dialog.state.error}
          rows={popupRows(rows)}
          maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
          tokens={list}
          onEdit={dialog.edit}
          onSave={dialog.save}
          onCancel={dialog.cancel}
        />
      )}
    </Flex>
  );
}

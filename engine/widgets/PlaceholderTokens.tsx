import { Button, Flex, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import type { Endpoint } from '../data/endpoint';
import { useEndpoint } from '../data/useEndpoint';
import { feedback } from '../feedback';

/** A way of copying a token: its label and its text, with `$` standing for the token (e.g. `{{#if $}}{{$}}{{/if}}`). */
export interface TokenFormat {
  label: string;
  format: string;
}

/** The text a token copies as in a format. */
export const formatToken = (format: string, token: string) => format.split('$').join(token);

/** Puts a text on the clipboard; false when the browser allows neither the Clipboard API nor the copy command. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

/** Where the tokens come from, how they copy and what is said once one is copied. */
export interface PlaceholderTokensProps {
  /** The call answering the token names (a list of texts). */
  tokens: Endpoint;
  /** How a token copies; the first is the default. */
  formats: readonly TokenFormat[];
  /** The info shown once a token is copied, `$` standing for the copied text. */
  copied: string;
  /** A note under the tokens (e.g. how to paste on Windows or Mac). */
  note?: string;
}

/**
 * The clickable placeholder tokens an endpoint answers: each a button that copies it (in the chosen format when there
 * are several, e.g. a value, an IF or an IF-ELSE block) to the clipboard and says so, with a note on how to paste.
 */
export function PlaceholderTokens({ tokens, formats, copied, note }: PlaceholderTokensProps) {
  const { data } = useEndpoint(tokens, {}, true);
  const [format, setFormat] = useState(0);
  const copy = async (token: string) => {
    const text = formatToken(formats[format]?.format ?? '$', token);
    if (await copyText(text)) feedback.info(copied.split('$').join(text));
  };
  return (
    <Flex vertical gap="small" style={{ maxWidth: 520 }}>
      {formats.length > 1 && (
        <Radio.Group
          size="small"
          optionType="button"
          value={format}
          onChange={(e) => setFormat(Number(e.target.value))}
          aria-label="Copy tokens as"
          options={formats.map((f, i) => ({ value: i, label: f.label }))}
        />
      )}
      <Space size={[4, 4]} wrap role="group" aria-label="Placeholder tokens">
        {(Array.isArray(data) ? data : []).map((token) => (
          <Button key={token} size="small" onClick={() => void copy(token)}>
            {token}
          </Button>
        ))}
      </Space>
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </Flex>
  );
}

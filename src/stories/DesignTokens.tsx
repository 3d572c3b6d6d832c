import { theme as antdTheme, type GlobalToken } from 'antd';
import type { ColorScheme } from '../colorScheme';
import { themeFor } from '../theme';

/** The full token set antd derives from the console's theme (src/theme.ts) in a colour scheme. */
const tokensOf = (scheme: ColorScheme): GlobalToken => antdTheme.getDesignToken(themeFor(scheme));
const SCHEMES: ColorScheme[] = ['light', 'dark'];
/** The page's tokens: docs pages are light. */
const PAGE = tokensOf('light');

/** The colour tokens a designer reviews: brand, status, text greys, grounds and borders. */
const COLOURS = [
  ['colorPrimary', 'Brand: primary buttons, links, the selected menu entry'],
  ['colorPrimaryHover', 'A primary button under the pointer'],
  ['colorLink', 'Links in text and tables'],
  ['colorSuccess', 'Saved, enabled, a row that passed'],
  ['colorWarning', 'Needs attention'],
  ['colorError', 'Field errors, failed rows, destructive actions'],
  ['colorText', 'Body text'],
  ['colorTextSecondary', 'Secondary text, labels of details'],
  ['colorTextTertiary', 'Help under a field, descriptions'],
  ['colorTextPlaceholder', 'Placeholders of empty fields'],
  ['colorTextDisabled', 'Values of disabled fields'],
  ['colorBgContainer', 'Ground of cards, tables, fields'],
  ['colorBgLayout', 'Ground of the page behind the content'],
  ['colorBorder', 'Borders of fields'],
  ['colorBorderSecondary', 'Table rules, dividers'],
  ['controlOutline', 'The ring around a focused field'],
] as const satisfies readonly (readonly [keyof GlobalToken, string])[];

const SPACING = ['paddingXXS', 'paddingXS', 'paddingSM', 'padding', 'paddingMD', 'paddingLG', 'paddingXL'] as const;
const RADII = ['borderRadiusSM', 'borderRadius', 'borderRadiusLG'] as const;
const TYPE = [
  ['fontSizeSM', 'lineHeightSM', 'Table details, tags, small print'],
  ['fontSize', 'lineHeight', 'Body, fields, tables'],
  ['fontSizeLG', 'lineHeightLG', 'Large buttons and fields'],
  ['fontSizeHeading5', 'lineHeightHeading5', 'Heading 5'],
  ['fontSizeHeading4', 'lineHeightHeading4', 'Heading 4: a screen title'],
  ['fontSizeHeading3', 'lineHeightHeading3', 'Heading 3'],
  ['fontSizeHeading2', 'lineHeightHeading2', 'Heading 2'],
  ['fontSizeHeading1', 'lineHeightHeading1', 'Heading 1'],
] as const satisfies readonly (readonly [keyof GlobalToken, keyof GlobalToken, string])[];

const cell = { padding: '4px 8px', borderBottom: `1px solid ${PAGE.colorBorderSecondary}`, textAlign: 'left' } as const;

/** Every colour token in light and in dark, as swatches with their values and what the console uses them for. */
export function ColourTokens() {
  const bySchemes = SCHEMES.map(tokensOf);
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead>
        <tr>
          <th style={cell}>Token</th>
          <th style={cell}>Used for</th>
          {SCHEMES.map((scheme) => (
            <th key={scheme} style={cell}>
              {scheme === 'light' ? 'Light' : 'Dark'}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {COLOURS.map(([name, use]) => (
          <tr key={name}>
            <td style={cell}>
              <code>{name}</code>
            </td>
            <td style={cell}>{use}</td>
            {bySchemes.map((tokens, i) => (
              <td key={SCHEMES[i]} style={cell}>
                <Swatch colour={tokens[name]} ground={tokens.colorBgContainer} text={tokens.colorText} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A colour on its scheme's ground, with its value. */
function Swatch({ colour, ground, text }: { colour: string; ground: string; text: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, background: ground, color: text, padding: 4 }}>
      <span
        style={{ width: 28, height: 20, background: colour, border: `1px solid ${PAGE.colorBorder}`, borderRadius: 4 }}
      />
      <code style={{ color: text, background: 'transparent' }}>{colour}</code>
    </span>
  );
}

/** The spacing steps and corner radii (the same in both schemes), drawn to scale. */
export function SpacingTokens() {
  const tokens = PAGE;
  return (
    <table style={{ borderCollapse: 'collapse' }}>
      <tbody>
        {[...SPACING, ...RADII].map((name) => (
          <tr key={name}>
            <td style={cell}>
              <code>{name}</code>
            </td>
            <td style={cell}>{tokens[name]} px</td>
            <td style={cell}>
              {name.startsWith('padding') ? (
                <span
                  style={{ display: 'inline-block', width: tokens[name], height: 16, background: tokens.colorPrimary }}
                />
              ) : (
                <span
                  style={{
                    display: 'inline-block',
                    width: 48,
                    height: 28,
                    border: `2px solid ${tokens.colorPrimary}`,
                    borderRadius: tokens[name],
                  }}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The type scale: each size with its line height, set in the console's font. */
export function TypeScale() {
  const tokens = PAGE;
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <tbody>
        {TYPE.map(([size, height, use]) => (
          // antd types a heading's size as a number or a CSS length; the console's are derived numbers.
          <tr key={size}>
            <td style={cell}>
              <code>{size}</code>
            </td>
            <td style={cell}>
              {tokens[size]} px / {Math.round(Number(tokens[size]) * tokens[height])} px
            </td>
            <td style={{ ...cell, fontFamily: tokens.fontFamily, fontSize: tokens[size], lineHeight: tokens[height] }}>
              {use}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

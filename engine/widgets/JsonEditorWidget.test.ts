import { describe, expect, it } from 'vitest';
import { validate } from '../../schemas/ajv';
import { apConfigFormSchema } from '../../schemas/ap-config';
import { isJsonObjectText } from '../../schemas/formats';
import { readJsonObject } from './JsonEditorWidget';
import * as stories from './JsonEditorWidget.stories';

/** The JSON editor and the `json-object` format parse the text; a brace pattern is not enough. */
describe('the JSON editor', () => {
  const texts = [stories.ValidObject, stories.BracesButNotJson, stories.ListIsNotAnObject].map((story) =>
    String(story.args?.formData?.value),
  );

  it("reads the stories' texts as an object, and twice as not one", () => {
    expect(texts.map((text) => readJsonObject(text).kind)).toEqual(['object', 'invalid', 'invalid']);
    expect(texts.map(isJsonObjectText)).toEqual([true, false, false]);
  });

  it('takes only a JSON object, whatever braces or quotes the text has', () => {
    for (const good of ['{}', ' { "a": [1, {"b": null}] } ', '{"x":"}"}'])
      expect(isJsonObjectText(good), good).toBe(true);
    for (const bad of [
      '',
      '{',
      '{a:1}',
      "{'a':1}",
      '{"a":1,}',
      '{"a":1}{"b":2}',
      'null',
      '"{}"',
      '42',
      '[{}]',
      '{"a":1} x',
    ]) {
      expect(isJsonObjectText(bad), bad).toBe(false);
    }
    expect(readJsonObject('   ').kind).toBe('empty');
  });

  it("gives the form's messages: 'Invalid JSON' and 'Please enter the JSON'", () => {
    const value = apConfigFormSchema.properties.value;
    expect(validate(value, '{a:1}')).toEqual(['Invalid JSON']);
    expect(validate(value, '[1]')).toEqual(['Invalid JSON']);
    expect(validate(value, '')[0]).toBe('Please enter the JSON');
    expect(validate(value, '{"a":1}')).toEqual([]);
  });
});

import type { JSONSchema } from 'json-schema-to-ts';
import type { Contract } from './contract';

const messageList = { type: 'array', items: { type: 'string', maxLength: 2000 } } as const;

/**
 * The JSON Schema of a call's success answer (no `const`: Fastify's serializer writes a constant whatever the answer
 * holds, and a few calls answer a refusal with 200 and `success: false`): its `answer` inside its envelope, with the envelope's `meta` fields.
 * The server serializes by it, the API document shows it and the server suite checks every answer against it.
 * Undefined for a call that declares no answer (its success is a file or an image: `produces`).
 */
export function successSchema(call: Pick<Contract, 'envelope' | 'answer' | 'meta'>): JSONSchema | undefined {
  if (call.answer === undefined) return undefined;
  const data = call.answer;
  const meta = call.meta ?? {};
  switch (call.envelope) {
    case 'main':
      return {
        type: 'object',
        description: "The main API's envelope: data is the answer; message is [] on success",
        properties: { success: { type: 'boolean' }, data, message: messageList, ...meta },
        required: ['success', 'data', 'message'],
      };
    case 'data':
      return {
        type: 'object',
        description: "The data family's envelope: status 'ok', result.status 1, the answer in result.data",
        properties: {
          status: { type: 'string', enum: ['ok', 'error'] },
          result: {
            type: 'object',
            properties: {
              status: { type: 'integer', enum: [0, 1] },
              data,
              message: { type: 'string', maxLength: 2000 },
              ...meta,
            },
            required: ['status', 'message'],
          },
        },
        required: ['status', 'result'],
      };
    case 'value':
      return {
        type: 'object',
        description: "The notification service's envelope: the answer is value",
        properties: { value: data, ...meta },
        required: ['value'],
      };
    case 'none':
      return data;
  }
}

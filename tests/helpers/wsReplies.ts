/**
 * What is wrong with a WebSocket reply as the message it is named after: the mock's replies are
 * checked against the document by the unit tier (tests/unit/mock) and the sample tier
 * (tests/samples/ws-mock.test.ts) alike. Replies are what the reader receives, so read-only
 * fields stay required ('any'), as the build reads examples.
 */
import {escapePointerToken, type JsonObject, type ParsedDocument} from '../../plugins/api-reference/document';
import {PreparedDocument} from '../../plugins/api-reference/validator/prepared';
import {payloadSchemaAt} from '../../plugins/api-reference/validator/targets';

/** A checker for `asyncapi`: `replyErrors(reply)` lists the errors, none when the reply is valid. */
export function replyChecker(asyncapi: ParsedDocument): (reply: unknown) => string[] {
  const received = new PreparedDocument('asyncapi', asyncapi, 'any');
  return (reply) => {
    const name = Object.keys(reply as JsonObject)[0] ?? '';
    const schema = payloadSchemaAt(
      received.document,
      `/components/messages/${escapePointerToken(name)}/payload`,
    );
    if (schema.pointer === null) return [`${name}: ${schema.unavailable ?? 'no payload schema'}`];
    const validate = received.validator(schema.pointer, schema.dialect);
    return validate(reply) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  };
}

import type { FastifyRequest } from 'fastify';
import { MSG } from '../../schemas/messages';
import type { Expected } from '../repos/versioned';
import { ApiError } from './envelope';

/**
 * ETag / If-Match on the records the console edits (API.md "Lost updates"). A record's ETag is the strong tag of
 * its row version, `"<version>"`; every update statement bumps the version. A write naming versions changes the
 * row only while it still has one of them (checked in the same statement), else 412.
 */

/** The strong ETag of row version `version`. */
export const etagOf = (version: number): string => `"${version}"`;

/** Longest If-Match read: a console sends one tag; a long list is a client's bug, answered 400. */
const MAX_IF_MATCH = 1024;

/** One entity-tag of a comma list (RFC 9110 section 8.8.3), read from where the last one ended. */
const ENTITY_TAG = /[ \t]*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"[ \t]*(?:,|$)/y;
/** The opaque part of a tag this server hands out. */
const VERSION_TAG = /^[1-9]\d{0,8}$/;

/**
 * The If-Match of a request as {@link Expected}. A malformed header (neither `*` nor a list of entity-tags) is a
 * client's bug, not a sign that the record changed, so it gets 400 rather than 412; a well-formed tag that is weak
 * (If-Match compares strongly, RFC 9110 section 13.1.1) or not one of ours can never match, so it leads to 412.
 */
export function expectedVersions(request: Pick<FastifyRequest, 'headers'>): Expected {
  const raw = request.headers['if-match'];
  if (raw === undefined) return null;
  const header = (Array.isArray(raw) ? raw.join(', ') : raw).trim();
  if (header === '*') return null;
  if (!header || header.length > MAX_IF_MATCH) throw new ApiError(400, [MSG.badIfMatch]);
  const versions: number[] = [];
  ENTITY_TAG.lastIndex = 0;
  while (ENTITY_TAG.lastIndex < header.length) {
    const tag = ENTITY_TAG.exec(header);
    if (!tag) throw new ApiError(400, [MSG.badIfMatch]);
    if (!tag[1] && VERSION_TAG.test(tag[2])) versions.push(Number(tag[2]));
  }
  return versions;
}

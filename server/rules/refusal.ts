/**
 * What a rule throws when it cannot go on: the rules know nothing of HTTP. The API answers each as the spec says
 * (server/http/validation.ts, describeFailure): a refusal 400 with its texts, a record that exists 409 with its texts,
 * something out of reach 404 'Not found'.
 * Jobs and seeds that call a rule see the same errors.
 */

/** What a rule was given breaks it: the texts that say why (answered 400). */
export class RuleRefusal extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
    this.name = 'RuleRefusal';
  }
}

/** What a rule was given would repeat a record that exists (answered 409 with its texts). */
export class Taken extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
    this.name = 'Taken';
  }
}

/** What a rule was asked about does not exist, or not within the caller's reach (answered 404 'Not found'). */
export class OutOfReach extends Error {
  constructor() {
    super('Out of reach');
    this.name = 'OutOfReach';
  }
}

/**
 * A write that names the versions it expects (If-Match) found the record at another one: someone else changed it
 * meanwhile (answered 412 with the text the console shows beside its 'Reload').
 */
export class StaleVersion extends Error {
  constructor() {
    super('Stale version');
    this.name = 'StaleVersion';
  }
}

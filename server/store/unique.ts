import { ApiError } from '../http/envelope';
import { errorCode } from '../errors';

/** Whether a database error is a unique violation (SQLSTATE 23505, on PostgreSQL and PGlite alike). */
export const isUniqueViolation = (err: unknown): boolean => errorCode(err) === '23505';

/**
 * Runs a write whose only possible unique violation is the duplicate `refusal` names (a unique index decides, so two
 * concurrent saves cannot both store one): that violation answers 409 with the refusal, and the transaction the write
 * ran in is rolled back, so nothing changes.
 */
export async function refusingDuplicate<T>(refusal: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, [refusal]);
    throw err;
  }
}

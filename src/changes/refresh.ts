import { mutate } from 'swr';
import { proposalCalls } from '../../schemas/api/proposals';

/** Reads again what shows proposals (the Changes list, a proposal, the menu's badge) after one was made or moved. */
export const refreshProposals = () =>
  mutate((key) => Array.isArray(key) && typeof key[1] === 'string' && key[1].startsWith(proposalCalls.list.path));

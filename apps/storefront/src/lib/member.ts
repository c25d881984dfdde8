import type { Identity } from '@merx/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from './query-keys';
import { shop, signedInNow } from './shop';

/*
 * The signed-in member for features other than the account (the checkout prefills from it and saves to its address
 * book). Same query key as the account's, so both read one cached member.
 */

/** An address of the member's address book (wire names). */
export interface BookAddress {
  addressLine?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  postalCode?: string | null;
  country?: string | null;
  subdivision?: string | null;
}
type Tag = 'UNTAGGED' | 'HOME' | 'WORK' | 'BILLING' | 'SHIPPING';
type Entry = { address: BookAddress; tag?: Tag };

/** The contract's limit on saved addresses. */
export const ADDRESS_BOOK_SIZE = 20;

const memberQuery = () =>
  queryOptions({
    queryKey: keys.member,
    queryFn: async () => (await (await shop()).members.getCurrentMember()).identity,
  });

/** The member when the shopper is signed in (no request for a visitor); `isPending` while it loads. */
export function useSignedInMember(): { member: Identity | undefined; isPending: boolean } {
  const signedIn = signedInNow();
  const { data, isPending } = useQuery({ ...memberQuery(), enabled: signedIn });
  return { member: signedIn ? data : undefined, isPending: signedIn && isPending };
}

/** The member's saved addresses, as stored. */
export function addressBookOf(member: Identity | undefined): Entry[] {
  return ((member?.identityProfile as { addresses?: Entry[] } | undefined)?.addresses ?? []).map((e) => ({
    address: e.address,
    ...(e.tag ? { tag: e.tag } : {}),
  }));
}

const part = (v: string | null | undefined) =>
  (v ?? '')
    .trim()
    .toUpperCase()
    .replace(/^[A-Z]{2}-/, '');
const text = (v: string | null | undefined) => (v ?? '').trim().toUpperCase();

/** True for the same street, city, code, region and country, whatever the case (`US-NY` and `NY` are one region). */
export function sameAddress(a: BookAddress, b: BookAddress): boolean {
  return (
    part(a.subdivision) === part(b.subdivision) &&
    (['addressLine', 'addressLine2', 'city', 'postalCode', 'country'] as const).every((k) => text(a[k]) === text(b[k]))
  );
}

/** True when the book already holds the address (same street, city, code, region and country, any case). */
export function isSaved(member: Identity | undefined, address: BookAddress): boolean {
  return addressBookOf(member).some((e) => sameAddress(e.address, address));
}

/** What became of an address the buyer asked to save. */
export type SaveOutcome = 'added' | 'already-saved' | 'book-full';

/** Adds an address to the member's book (a shipping address); one already there, or a full book, is left as is. */
export function useSaveToAddressBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (address: BookAddress): Promise<{ identity: Identity; outcome: SaveOutcome }> => {
      const s = await shop();
      // Read fresh: another tab may have changed the book since this page loaded it.
      const identity = (await s.members.getCurrentMember()).identity;
      const book = addressBookOf(identity);
      if (isSaved(identity, address)) return { identity, outcome: 'already-saved' };
      if (book.length >= ADDRESS_BOOK_SIZE) return { identity, outcome: 'book-full' };
      const next = [...book, { address, tag: 'SHIPPING' as const }];
      return { identity: (await s.members.updateCurrentMember({ addresses: next })).identity, outcome: 'added' };
    },
    onSuccess: ({ identity }) => client.setQueryData(keys.member, identity),
  });
}

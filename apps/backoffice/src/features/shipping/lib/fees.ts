/** The kinds of additional fee, in words. */
export const FEE_TYPES = { HANDLING_FEE: 'Handling', INSURANCE: 'Insurance' } as const;

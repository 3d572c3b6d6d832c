/** The consignee types of spec 002 section 3 (a module of its own: the shell's answers name them without the forms). */
export const CONSIGNEE_TYPES = ['CUSTOMER', 'WAREHOUSE', 'JIT_WAREHOUSE', 'DC', 'MDC', 'RDC', 'OEM'] as const;

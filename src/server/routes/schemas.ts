/** The error body of every non-2xx answer, for the route schemas. */
export const errorSchema = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const;

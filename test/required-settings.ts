/**
 * The settings the hosted platform requires of every docs.json (`name`, `theme`, `colors.primary`):
 * without them its build fails, and so does docsnav's default (platform) profile. Tests about the
 * navigation spread them into their documents, so that they check what they are about under the
 * default profile.
 */
export const REQUIRED_SETTINGS = { name: 'Docs', theme: 'mint', colors: { primary: '#0D9373' } } as const;

/**
 * How deep docsnav follows navigation, one limit for a docs.json and a legacy mint.json alike: the
 * page tree stops at this many divisions and groups (real sites nest under 15), and a mint.json's
 * groups are followed as deep and no deeper. A file nested deeper (40,000 levels, say) is then
 * checked in time proportional to its size, never to its depth squared.
 */
export const MAX_NAVIGATION_DEPTH = 100;

/**
 * The door of the trust feature: levels earned by exchanges, vouches, newcomer limits and "one person"
 * (docs/decisions/020). Other features, the jobs and the app use only what is exported here; its routes.ts
 * is for the route plugin alone (docs/ARCHITECTURE.md "Server features").
 * @tables member_trust, vouches
 */
export {
  DRAW_FOR_NEIGHBOURS,
  linkLimitRefusal,
  type NewcomerFacts,
  newcomerAskRefusal,
  newcomerLimitRefusal,
} from "./policy";
export {
  actingLevel,
  personAccountsSql,
  recordExchange,
  samePerson,
  trustBadgesOf,
  trustLevelSql,
  trustOf,
  vouchState,
} from "./service";

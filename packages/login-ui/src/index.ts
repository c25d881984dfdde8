export { missingMessage, problemOf, type Rule, ruleOf } from './rules.js';

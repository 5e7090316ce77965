/**
 * Counter and number nouns: numbered units ("3반") and short numbers that are no phone number ("내선").
 * Part of the rule extractor's word lists: ordinary words of the language, never names of people,
 * pets or shops.
 */

/**
 * Counter nouns of a numbered unit ("52병동", "5A 병동", "3반"): the value's own noun names its attribute
 * ((…, 병동, 52병동)), as 학년 does for "2학년".
 */
export const NUMBERED_UNIT_NOUNS = ["병동", "반"];

/**
 * Words naming a short number that is no phone number ("내선 3301", "PHS 5512", "extension 2210"), and
 * the attribute each is stored under in a Korean and an English sentence: a Korean number attribute ends
 * in 번호 (as 전화번호 does), an English one drops "number" (as "phone" does).
 */
export const NUMBER_NOUNS: ReadonlyMap<string, readonly [korean: string, english: string]> = new Map([
  ["내선", ["내선번호", "extension"]],
  ["내선번호", ["내선번호", "extension"]],
  ["extension", ["내선번호", "extension"]],
  ["ext", ["내선번호", "extension"]],
  ["phs", ["PHS 번호", "PHS"]],
  ["phs번호", ["PHS 번호", "PHS"]],
  ["호출번호", ["호출번호", "pager"]],
  ["pager", ["호출번호", "pager"]],
]);

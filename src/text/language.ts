/**
 * Which language to answer in. One rule for a message: Korean when it has any Hangul, English when it
 * has Latin words and no Hangul, else Korean (emoji, numbers, nothing).
 */
import { containsHangul, countHangul } from "./korean.js";

/** A reply or prompt language. */
export type Lang = "ko" | "en";

const LATIN_WORD_RE = /[A-Za-z]{2,}/u;
const LATIN_LETTER_RE = /[A-Za-z]/gu;
/** One Hangul syllable carries about as much as this many Latin letters. */
const LATIN_LETTERS_PER_SYLLABLE = 3;

/**
 * The language of one message: `ko` when it has any Hangul, `en` when it has Latin words and no Hangul,
 * else `ko`. The one syllable of a car's number plate is no Korean ("my plate is 12가 3456": `en`).
 *
 * @example detectLanguage("Orion 배포 언제?") === "ko"; detectLanguage("when is the dry-run?") === "en"
 */
export function detectLanguage(said: string): Lang {
  // ":thinking_face:" is an emoji as Slack writes it, and "<@U0123ABCD>" a mention: in no language.
  const text = said.replace(EMOJI_SHORTCODE_RE, " ").replace(MENTION_RE, " ");
  const latin = LATIN_WORD_RE.test(text);
  if (containsHangul(latin ? text.replace(PLATE_SHAPE_RE, " ") : text)) return "ko";
  return latin ? "en" : "ko";
}

/**
 * An emoji's shortcode (":tada:", ":+1:", ":skin-tone-2:", ":thinking_face:"): one run of its
 * characters between colons. It says nothing in any language.
 */
export const EMOJI_SHORTCODE_RE = /:[a-z0-9_+-]{1,50}:/gu;

/**
 * A Slack mention of a person (`<@U…>`, as it stays in a message read from Slack) or of a group
 * (`@channel`, `@here`, `@everyone`, as `<!channel>` is read): it calls someone and says nothing, in
 * any language.
 */
export const MENTION_RE = /<@[A-Z0-9]{1,40}>|@(?:channel|here|everyone)\b/gu;

/** A Korean number plate's shape: two or three digits, one syllable, four digits ("12가 3456"). */
const PLATE_SHAPE_RE = /\d{2,3}[가-힣] ?\d{4}/gu;

/**
 * The language most of a longer text (a conversation) is written in, for the summary it gets: an English
 * conversation that names a Korean person is still summarised in English. A Hangul character weighs as
 * three Latin letters: `ko` ⇔ hangul × 3 ≥ latin (also for text without letters).
 */
export function mainLanguage(text: string): Lang {
  const hangul = countHangul(text);
  const latin = text.match(LATIN_LETTER_RE)?.length ?? 0;
  return latin > 0 && hangul * LATIN_LETTERS_PER_SYLLABLE < latin ? "en" : "ko";
}

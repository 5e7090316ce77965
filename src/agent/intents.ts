/**
 * What a chat message asks of the assistant itself, before any model: remember this, forget that,
 * help, or an answer to a question the assistant asked ("which one should I forget?"). Korean and
 * English. Everything else is a question or a chat for the model.
 *
 * The text to keep or to look for is what follows the colon or the verb ("기억해줘: X", "remember
 * that X", "forget X"), or what comes before a final verb ("X 기억해 둬", "X 잊어줘"), verbatim apart
 * from the words that only point at it ("이거", "좀", "(이)라고").
 */
export type Intent =
  | { kind: "remember"; text: string }
  | { kind: "forget"; query: string }
  /** `lang` is the language the request was made in; undefined for "/help", which has none. */
  | { kind: "help"; lang?: "ko" | "en" };

/** Korean verb forms that ask to keep something: 기억해 줘 / 둬 / 놔 / 주세요, 메모해 줘 … */
const KO_REMEMBER_VERB = String.raw`(?:기억|메모)\s*해\s*(?:줘요?|주세요|둬요?|두세요|놔요?|줄래요?|주라|주시겠어요)`;
/** … and to drop something: 잊어 줘 / 버려, 지워 줘, 삭제해 줘. */
const KO_FORGET_VERB = String.raw`(?:잊어|지워|삭제\s*해)\s*(?:줘요?|주세요|버려요?|버리세요|줄래요?|주라|주시겠어요)`;

/** "X 기억해줘" / "X 잊어줘": the verb at the end, nothing after it but punctuation. */
const koVerbLast = (verb: string) => new RegExp(`^(.*?)\\s*${verb}\\s*[.!~?]*\\s*$`, "su");
/** "기억해줘: X", "이거 기억해 둬. X": the verb first, then a colon or a full stop, then the text. */
const koVerbFirst = (verb: string) =>
  new RegExp(`^(.{0,20}?)\\s*${verb}\\s*[.!~]*(?:\\s*[:：.\\n]|\\s)\\s*(.+)$`, "su");

const KO_REMEMBER_LAST = koVerbLast(KO_REMEMBER_VERB);
const KO_REMEMBER_FIRST = koVerbFirst(KO_REMEMBER_VERB);
const KO_FORGET_LAST = koVerbLast(KO_FORGET_VERB);
const KO_FORGET_FIRST = koVerbFirst(KO_FORGET_VERB);

const EN_REMEMBER = /^\s*(?:please\s+)?(?:remember|note)(?:\s+(?:that|this))?\s*[:,]?\s+(.+)$/isu;
const EN_FORGET =
  /^\s*(?:please\s+)?(?:forget(?:\s+(?:about|that))?|delete\s+(?:the\s+|my\s+)?memor(?:y|ies)\s+(?:about|of|on)|remove\s+(?:the\s+|my\s+)?memor(?:y|ies)\s+(?:about|of|on))\s*[:,]?\s+(.+)$/isu;

/** Words before a verb-first request that only point at what follows ("이것 좀 기억해 둬: …"). */
const POINTERS = /^(?:이거|이것|이건|이걸|이|다음|다음\s*거|아래|아래\s*거|이\s*내용)?\s*(?:좀|도)?$/u;
/** Endings that tie the text to a final verb: "…(이)라고 기억해줘", "… 좀 기억해줘", "…를 잊어줘". */
const KO_TAIL =
  /\s*(?:(?:이)?라고|좀|(?:에\s*대한|관련(?:된)?|관한)\s*(?:기억|메모|내용|거|것)?|(?:을|를))\s*$/u;
/** A forget target's own noise: "치과 예약 기억 지워줘" looks for "치과 예약". */
const MEMORY_WORD = /\s*(?:기억|메모)(?:을|를)?\s*$/u;
const EN_TAIL = /[\s,]*(?:please|pls|thanks|thank you)?[.!]*\s*$/iu;

const HELP_ANY = /^\s*\/help\s*$/iu;
const HELP_KO =
  /^\s*(?:\/도움말|도움말|사용법|도움|뭐\s*할\s*수\s*있어\??|무엇을\s*할\s*수\s*있나요\??)\s*$/u;
const HELP_EN = /^\s*(?:help|what can you do\??)\s*$/iu;

/** Longest text the intent patterns look at whole (they stay linear in it). */
const MAX_INTENT_CHARS = 4000;
/** In a longer text, only a request at its very start counts: "기억해줘:" + a document. */
const LONG_TEXT_HEAD_CHARS = 60;

/** The intent of a message, or undefined when it is for the model. */
export function parseIntent(text: string): Intent | undefined {
  if (text.length > MAX_INTENT_CHARS) return longRemember(text);
  if (HELP_ANY.test(text)) return { kind: "help" };
  if (HELP_KO.test(text)) return { kind: "help", lang: "ko" };
  if (HELP_EN.test(text)) return { kind: "help", lang: "en" };
  const toRemember = extract(text, KO_REMEMBER_FIRST, KO_REMEMBER_LAST, EN_REMEMBER);
  if (toRemember !== undefined) return toRemember ? { kind: "remember", text: toRemember } : undefined;
  const toForget = extract(text, KO_FORGET_FIRST, KO_FORGET_LAST, EN_FORGET);
  if (toForget !== undefined) return { kind: "forget", query: toForget.replace(MEMORY_WORD, "").trim() };
  return undefined;
}

/**
 * "기억해줘:" / "remember:" before a long text (a pasted document): the request is read from the head
 * only, and the rest is kept whole (the lifecycle stores it as chunks).
 */
function longRemember(text: string): Intent | undefined {
  const head = text.slice(0, LONG_TEXT_HEAD_CHARS);
  const match =
    /^\s*(?:(?:기억|메모)\s*해\s*(?:줘요?|주세요|둬요?|두세요)|(?:please\s+)?remember)\s*[:：\n]/iu.exec(
      head,
    );
  if (!match) return undefined;
  const rest = text.slice(match[0].length).trim();
  return rest ? { kind: "remember", text: rest } : undefined;
}

/**
 * The object of a request, "" when the verb is there without one ("기억해줘"), undefined when the
 * message is not such a request.
 */
function extract(text: string, first: RegExp, last: RegExp, english: RegExp): string | undefined {
  const lead = first.exec(text);
  if (lead) {
    // "이거 기억해 둬: X" keeps X; "내일 회의 기억해줘: 3시 본관" keeps both halves.
    const before = lead[1]!.trim();
    return tidy(POINTERS.test(before) ? lead[2]! : `${before} ${lead[2]!}`);
  }
  const tail = last.exec(text);
  if (tail) return tidy(tail[1]!.replace(KO_TAIL, ""));
  const en = english.exec(text);
  if (en) return tidy(en[1]!.replace(EN_TAIL, ""));
  return undefined;
}

function tidy(text: string): string {
  const t = text.replace(/\s+/gu, " ").trim();
  return POINTERS.test(t) ? "" : t.replace(/^[:：,\-–—]\s*/u, "");
}

/**
 * A reply to "which one should I forget?": numbers (1-based), everything, or no. Undefined when the
 * message is something else (then the question lapses and the message is handled as usual).
 */
export type ForgetChoice = { kind: "pick"; numbers: number[] } | { kind: "all" } | { kind: "cancel" };

const ALL =
  /^\s*(?:전부|모두|다|둘\s*다|다\s*지워(?:줘)?|전부\s*지워(?:줘)?|all|both|all of them)\s*[.!]*\s*$/iu;
const CANCEL = /^\s*(?:취소|아니(?:요|야)?|됐어|그만|cancel|no|none|never ?mind)\s*[.!]*\s*$/iu;
const NUMBERS =
  /^\s*((?:\d{1,2}\s*(?:번)?\s*(?:,|와|과|and|랑|하고)?\s*)+)(?:(?:번\s*)?(?:지워|잊어|삭제)\S*)?\s*[.!]*\s*$/iu;

export function parseForgetChoice(text: string): ForgetChoice | undefined {
  if (text.length > 200) return undefined;
  if (ALL.test(text)) return { kind: "all" };
  if (CANCEL.test(text)) return { kind: "cancel" };
  const numbers = NUMBERS.exec(text);
  if (!numbers) return undefined;
  const picked = [...numbers[1]!.matchAll(/\d{1,2}/gu)].map((m) => Number(m[0]));
  return { kind: "pick", numbers: [...new Set(picked)] };
}

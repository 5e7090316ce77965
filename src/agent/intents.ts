/**
 * What a chat message asks of the assistant itself, before any model: remember this, forget that,
 * help, or an answer to a question the assistant asked ("which one should I forget?"). Korean and
 * English. Everything else is a question or a chat for the model.
 *
 * The text to keep or to look for is what follows the colon or the verb ("기억해줘: X", "remember
 * that X", "forget X"), or what comes before a final verb ("X 기억해 둬", "X 잊어줘"), verbatim apart
 * from the words that only point at it ("이거", "좀", "(이)라고").
 */
import levenshtein from "damerau-levenshtein";
import { trimEndWhile } from "../text/trim.js";
import { words } from "../text/word-list.js";
import { helpRequest } from "../text/speech-act.js";

export type Intent =
  | { kind: "remember"; text: string }
  /**
   * "그거 기억해줘", "방금 말한 거 기억해 둬", "note that": the request only points at what the person
   * said before: their previous message in this conversation is kept.
   */
  | { kind: "rememberLast" }
  /**
   * "방금 밥이 한 말 기억해 둬", "remember what Bob said": the request only points at someone else's
   * words, which no chat command can fetch: it is answered with how to keep them, and keeps nothing.
   */
  | { kind: "rememberOthers" }
  /**
   * "forget X": the memory clearly meant by X, or a question which. `all` when the request asks for
   * every memory about X ("forget everything about Emma", "Emma 관련 기억 전부 지워줘"): all of them
   * are listed and forgotten after a yes.
   */
  | {
      kind: "forget";
      query: string;
      all?: true;
      /**
       * Read from a plain imperative without a model (`wipes`: "치과 건 지워", "delete the dentist one"),
       * which may not have meant a memory: what matches is listed and forgotten only after a yes, and
       * when nothing matches the message is no command.
       */
      plain?: true;
    }
  /** "전부 잊어줘", "forget everything": every memory of the user, after they say yes. */
  | { kind: "forgetAll" }
  /**
   * "방금 거 잊어줘", "forget the last one": the memory kept last in this conversation. `confirm` when
   * the request only points at it ("forget it", "그거 잊어줘": also "never mind"): asked first.
   */
  | { kind: "forgetLast"; confirm?: true }
  /** `lang` is the language the request was made in; undefined for "/help", which has none. */
  | { kind: "help"; lang?: "ko" | "en" };

/** Korean verb forms that ask to keep something: 기억해 줘 / 둬 / 놔 / 주세요, 메모해 줘, 잊지 마 … */
const KO_REMEMBER_VERB = String.raw`(?:(?:기억|메모)\s*(?:좀\s*|꼭\s*)?해\s*(?:줘요?|조|주세요|둬요?|두세요|놔요?|줄래요?|주라|주시겠어요)|잊지\s*(?:마(?:요|세요|라)?|말아\s*(?:줘요?|주세요)))`;
/** … and to drop something: 잊어 줘 / 버려, 지워 줘, 삭제해 줘. */
const KO_FORGET_VERB = String.raw`(?:잊어|지워|삭제\s*해)\s*(?:줘요?|주세요|버려요?|버리세요|줄래요?|주라|주시겠어요)`;

/*
 * The patterns below are read in time linear in the message: none has two quantifiers that can share
 * the same characters (test/text/regex-safety.test.ts checks every pattern in src/). What such a pattern
 * would do with a tail ("…[.!]*\\s*$" rescans a long run from each of its characters) is done by
 * the loops of `trimEndWhile` instead.
 */

/** "X 기억해줘" / "X 잊어줘": the verb at the end (after end punctuation is cut), found where it starts. */
const koVerbLast = (verb: string) => new RegExp(`${verb}$`, "u");
/**
 * "기억해줘: X", "이거 기억해 둬. X": up to 20 characters, the verb; then (see `afterVerbFirst`) a colon,
 * a full stop or a space, then the text.
 */
const koVerbFirst = (verb: string) => new RegExp(`^(.{0,20}?)\\s*${verb}`, "su");
/** What may stand between a leading verb and the text: spaces, colons, full stops, "!" and "~". */
const VERB_FIRST_GAP = /^[\s:：.!~]+/u;

const KO_REMEMBER_LAST = koVerbLast(KO_REMEMBER_VERB);
const KO_REMEMBER_FIRST = koVerbFirst(KO_REMEMBER_VERB);
const KO_FORGET_LAST = koVerbLast(KO_FORGET_VERB);
/**
 * With `wipes` (no model to read it), the plain imperative too, only at the end ("치과 건 지워", "그거
 * 삭제해"): first in a message, "지워" may open a narration ("지워 버렸는데 …").
 */
const KO_WIPE_LAST = koVerbLast(String.raw`(?:${KO_FORGET_VERB}|(?:지워|삭제\s*해)(?:라|요)?)`);
const KO_FORGET_FIRST = koVerbFirst(KO_FORGET_VERB);

/**
 * "기억해줘:", "forget:" with nothing after the colon: a request whose object is missing, answered by
 * asking for it. (The verb alone, "기억해줘", may point at what was said before: it is the model's.)
 */
const EMPTY_REMEMBER = new RegExp(
  String.raw`^\s*(?:${KO_REMEMBER_VERB}|(?:please\s+)?(?:remember|note))\s*[:：]\s*$`,
  "iu",
);
const EMPTY_FORGET = new RegExp(String.raw`^\s*(?:${KO_FORGET_VERB}|(?:please\s+)?forget)\s*[:：]\s*$`, "iu");
/**
 * "이거 잊어줘", "이건 지워 줘": a forget request whose object is only a pointer (which {@link POINTERS}
 * leaves empty, as it does before a verb-first request's colon) points at what was just kept, as "forget
 * this" does: the memory kept last, to be confirmed. "이거 기억해 줘" points at what was just said.
 */
const KO_REMEMBER_POINTER = new RegExp(
  String.raw`^\s*(?:이거|이것|이건|이걸)\s*(?:좀\s*)?${KO_REMEMBER_VERB}[.!~]{0,3}$`,
  "u",
);
const KO_FORGET_POINTER = new RegExp(
  String.raw`^\s*(?:이거|이것|이건|이걸)\s*(?:좀\s*)?${KO_FORGET_VERB}[.!~]{0,3}$`,
  "u",
);

const EN_REMEMBER =
  /^\s*(?:please\s+)?(?:remember|note|don'?t\s+forget|do\s+not\s+forget)(?:\s+(?:that|this|about))?\s*[:,]?\s+(.+)$/isu;
const EN_FORGET =
  /^\s*(?:please\s+)?(?:forget(?:\s+(?:about|that))?|delete\s+(?:the\s+|my\s+)?memor(?:y|ies)\s+(?:about|of|on)|remove\s+(?:the\s+|my\s+)?memor(?:y|ies)\s+(?:about|of|on))\s*[:,]?\s+(.+)$/isu;

/** Words before a verb-first request that only point at what follows ("이것 좀 기억해 둬: …"). */
const POINTERS = /^(?:이거|이것|이건|이걸|이|다음|다음\s*거|아래|아래\s*거|이\s*내용)?\s*(?:좀|도)?$/u;
/** Endings that tie the text to a final verb: "…(이)라고 기억해줘", "… 좀 기억해줘", "…를 잊어줘". */
const KO_TAIL =
  /(?:(?:이)?라고|좀|꼭|(?:에\s*대한|관련(?:된)?|관한)(?:\s*(?:기억|메모|내용|거|것))?|을|를)$/u;
/**
 * A forget target's own noise: "치과 예약 기억 지워줘" looks for "치과 예약", and so does "치과 예약 건
 * 지워" — a bound noun apart from it (건, 거, 것: "the … one") names nothing.
 */
const MEMORY_WORD = /(?:기억|메모|\s(?:건|거|것))(?:을|를|은|는)?$/u;
/** "…, please", "… thanks!": the English courtesy word at the end (after end punctuation is cut). */
const EN_COURTESY = /(?:please|pls|thanks|thank you)$/iu;

/** Longest text the intent patterns look at whole (they stay linear in it). */
const MAX_INTENT_CHARS = 4000;
/**
 * In a longer text, only a request at its very start ("기억해줘:" + a document) or its very end (a
 * document + "기억해 둬") counts, read from this many characters there.
 */
const LONG_TEXT_HEAD_CHARS = 60;

/**
 * The intent of a message, or undefined when it is for the model. With `wipes` (there is no model to
 * read it), a plain imperative to delete something ("치과 건 지워", "delete the dentist one") is a forget
 * request: the only things of the user's this assistant can delete are memories.
 */
export function parseIntent(said: string, options: { wipes?: boolean } = {}): Intent | undefined {
  const text = withCommandWordMended(said);
  if (text.length > MAX_INTENT_CHARS) return longRemember(text);
  const help = helpRequest(text);
  if (help !== undefined) return { kind: "help", ...help };
  if (EMPTY_REMEMBER.test(text)) return { kind: "remember", text: "" };
  if (EMPTY_FORGET.test(text)) return { kind: "forget", query: "" };
  const toRemember = extract(text, KO_REMEMBER_FIRST, KO_REMEMBER_LAST, EN_REMEMBER);
  if (toRemember !== undefined) {
    if (toRemember === "")
      return KO_REMEMBER_POINTER.test(text.trim()) ? { kind: "rememberLast" } : undefined;
    if (pointsAtOthersWords(toRemember)) return { kind: "rememberOthers" };
    return pointsAtLast(toRemember) === undefined
      ? { kind: "remember", text: toRemember }
      : { kind: "rememberLast" };
  }
  const strict = extract(text, KO_FORGET_FIRST, KO_FORGET_LAST, EN_FORGET) ?? englishWipe(text, false);
  if (strict === undefined && options.wipes === true) {
    const plain = extract(text, KO_FORGET_FIRST, KO_WIPE_LAST, EN_FORGET) ?? englishWipe(text, true);
    const intent = plain === undefined ? undefined : forgetIntent(text, plain);
    // Asked first, whatever it points at.
    if (intent?.kind === "forgetLast") return { kind: "forgetLast", confirm: true };
    return intent?.kind === "forget" && !intent.all ? { ...intent, plain: true } : intent;
  }
  return strict === undefined ? undefined : forgetIntent(text, strict);
}

/** The forget request whose object is `toForget` (intents.ts `extract`'s reading of `text`). */
function forgetIntent(text: string, toForget: string): Intent {
  if (toForget === "" && KO_FORGET_POINTER.test(text.trim())) return { kind: "forgetLast", confirm: true };
  const query = toForget.replace(MEMORY_WORD, "").trim();
  if (isEverything(query)) return { kind: "forgetAll" };
  const about = everythingAbout(query);
  if (about !== undefined) return { kind: "forget", query: about, all: true };
  const last = pointsAtLast(query);
  if (last === undefined) return { kind: "forget", query };
  return last === "pronoun" ? { kind: "forgetLast", confirm: true } : { kind: "forgetLast" };
}

/**
 * Words that point at what was just kept ("방금 거", "the last one"): a closed class. A forget request
 * made only of these, {@link LAST_PRONOUNS} and {@link LAST_FILLERS} asks for the memory kept last in the
 * conversation.
 */
const LAST_WORDS: ReadonlySet<string> = new Set(
  words("방금 금방 아까 마지막 마지막으로 최근 last latest just"),
);
/** Pronouns that point at it too, but alone may mean "never mind" ("forget it", "그거 잊어"). */
const LAST_PRONOUNS: ReadonlySet<string> = new Set(words("그거 그것 그건 그걸 that it this"));
/** What may stand beside them: "한/말한/저장한 거", "what I just said", "the last one". */
const LAST_FILLERS: ReadonlySet<string> = new Set(
  words(
    "거 것 건 걸 말 얘기 내가 제가 말한 얘기한 한 저장한 기억한 저장된 적은 쓴 보낸 기억 메모 " +
      "the one thing what i said told you saved stored memory note message",
  ),
);

/**
 * Whether a forget request's object points at the memory kept last: by a word of {@link LAST_WORDS}
 * ("words"), by a pronoun alone ("pronoun"), or not (undefined).
 */
function pointsAtLast(query: string): "words" | "pronoun" | undefined {
  const parts = query
    .toLowerCase()
    .replace(/[.,!?]/gu, " ")
    .split(/\s+/u)
    .filter((part) => part !== "");
  const pointing = (part: string) => LAST_WORDS.has(part) || LAST_PRONOUNS.has(part);
  if (!parts.some(pointing) || !parts.every((part) => pointing(part) || LAST_FILLERS.has(part)))
    return undefined;
  return parts.some((part) => LAST_WORDS.has(part)) ? "words" : "pronoun";
}

/** Verbs of saying or writing in the form that ends a clause before the thing said ("밥이 한 말"). */
const SAID_VERBS: ReadonlySet<string> = new Set(
  words("한 말한 얘기한 보낸 쓴 올린 적은 said wrote sent posted told"),
);
/** What was said, as a request points at it ("… 한 말", "… 말한 거", "what … said"). */
const SAID_THINGS: ReadonlySet<string> = new Set(words("말 거 것 얘기 이야기 메시지 내용 what"));
/** Who said it, when it is the person asking (then it is "remember what I said": `rememberLast`). */
const SPEAKER_SELF: ReadonlySet<string> = new Set(words("나 내가 제가 저 i me"));

/**
 * Whether a remember request's object only points at what another person said ("방금 밥이 한 말", "위에
 * 지수님이 올린 거", "what Bob said"): the words of {@link LAST_WORDS} or "위에/아까", one name (with its
 * particle), a verb of saying and the thing said — nothing of what was said itself.
 */
function pointsAtOthersWords(object: string): boolean {
  const parts = object
    .toLowerCase()
    .replace(/[.,!?]/gu, " ")
    .split(/\s+/u)
    .filter((part) => part !== "" && !LAST_WORDS.has(part) && part !== "위에" && part !== "아까");
  if (parts.length < 3 || parts.length > 4) return false;
  const english = parts[0] === "what";
  const [thing, name, verb] = english
    ? [parts[0]!, parts[1]!, parts[2]!]
    : [parts.at(-1)!, parts[0]!, parts.at(-2)!];
  if (!SAID_THINGS.has(thing) || !SAID_VERBS.has(verb)) return false;
  if (parts.length === 4 && !(english ? parts[3] === "just" : parts[1] === "님이")) return false;
  return !SPEAKER_SELF.has(name);
}

/**
 * Words that say "all of it" in a forget request (전부, 모든, everything): a closed class. A
 * request made only of these and {@link EVERYTHING_FILLERS} ("내 기억 전부", "all my memories",
 * "everything about me") asks to forget everything; one naming anything else ("치과 예약 전부") asks
 * for the memories that match it.
 */
const EVERYTHING_WORDS: ReadonlySet<string> = new Set(
  words("전부 다 모두 모든 싹 싹다 몽땅 모조리 전부다 everything all"),
);
/** What may stand beside them: the owner, the word for memories, "about me", "you know". */
const EVERYTHING_FILLERS: ReadonlySet<string> = new Set(
  words(
    "내 제 나 저 나에 저에 나에게 대한 대해 관한 관련 관련된 거 것 건 걸 기억 기억을 기억들 기억들을 기억은 메모 메모를 " +
      "내용 내용을 my of it them the memories memory about me you know have remember stored saved",
  ),
);

/** Whether a forget request's object asks for every memory ({@link EVERYTHING_WORDS}). */
function isEverything(query: string): boolean {
  const parts = query
    .toLowerCase()
    .split(/\s+/u)
    .filter((part) => part !== "");
  return (
    parts.some((part) => EVERYTHING_WORDS.has(part)) &&
    parts.every((part) => EVERYTHING_WORDS.has(part) || EVERYTHING_FILLERS.has(part))
  );
}

/**
 * Words that join "all" to what it is about in a forget request ("everything about Emma", "Emma에 대한
 * 기억 전부", "all my notes on the move"): a closed class, no part of what is to be forgotten.
 */
const ABOUT_WORDS: ReadonlySet<string> = new Set(
  words(
    "about of on regarding related to my the memories memory notes note things stuff " +
      "대한 대해 관한 관해 관련 관련된 거 것 건 걸 기억 기억들 기억을 기억들을 메모 메모를 내용 내용을 얘기",
  ),
);
/** Words that take 에 before them ("Emma에 대한"): the particle is no part of the name. */
const TAKES_E: ReadonlySet<string> = new Set(words("대한 대해 관한 관해"));

/**
 * What a forget request asks to forget every memory of ("everything about Emma" → "Emma"), when it
 * says "all" ({@link EVERYTHING_WORDS}) and names something besides the words that join them; else
 * undefined. `/memory forget` reads its argument so too.
 */
export function everythingAbout(query: string): string | undefined {
  const parts = query.split(/\s+/u).filter((part) => part !== "");
  const lower = parts.map((part) => part.toLowerCase());
  if (!lower.some((part) => EVERYTHING_WORDS.has(part))) return undefined;
  const named = parts
    .map((part, i) => (TAKES_E.has(lower[i + 1] ?? "") && part.endsWith("에") ? part.slice(0, -1) : part))
    .filter((part, i) => part !== "" && !EVERYTHING_WORDS.has(lower[i]!) && !ABOUT_WORDS.has(lower[i]!));
  return named.length > 0 ? named.join(" ") : undefined;
}

/** A word one edit from "remember" that is a word of its own, never read as it. */
const NOT_MISTYPED: ReadonlySet<string> = new Set(words("remembers"));
/** "remmeber: …", "please remeber: …": a head word of letters, then a colon. */
const COLON_HEAD = /^(\s*(?:please\s+)?)([a-z]{4,10})\s*[:：]/iu;
/**
 * "기억해: …", "이거 메모해: …": the plain imperative, which {@link KO_REMEMBER_VERB} leaves out at the
 * end ("나 그거 기억해" tells that one remembers), asks only before a colon, maybe after a pointer.
 */
const KO_PLAIN_COLON_HEAD =
  /^(\s*(?:(?:이거|이것|이건|이걸|이\s?내용|다음)\s*)?(?:좀\s*|꼭\s*)?(?:기억|메모)\s*해)\s*[:：]/u;

/**
 * The message with a plain "기억해:" read as "기억해줘:", and a mistyped "remember" before a colon put
 * right ("remmeber: X" → "remember: X"):
 * one edit away (a letter added, dropped or changed, or two swapped: Damerau-Levenshtein) and no word
 * of its own. Only before a colon, which gives the head a command's shape; and only "remember": what a
 * mended word keeps is shown and can be forgotten, while a mended "forget" ("forge: …") could delete
 * what nobody asked to.
 */
function withCommandWordMended(text: string): string {
  const plain = KO_PLAIN_COLON_HEAD.exec(text);
  if (plain) return `${plain[1]!}줘${text.slice(plain[1]!.length)}`;
  const head = COLON_HEAD.exec(text);
  if (!head) return text;
  const [, before, word] = head as unknown as [string, string, string];
  const lower = word.toLowerCase();
  if (lower === "remember" || NOT_MISTYPED.has(lower) || levenshtein(lower, "remember").steps !== 1)
    return text;
  return `${before}remember${text.slice(before.length + word.length)}`;
}

/** "delete all my memories", "wipe everything": English verbs of wiping with their object. */
const EN_WIPE = /^\s*(?:please\s+)?(delete|erase|remove|wipe|clear)\s+(.+)$/isu;

/**
 * The object of an English wipe request: "erase everything" asks to forget all; with `any` (no model to
 * read "delete the old draft" otherwise), delete, erase and remove ask to forget whatever they name
 * ("delete the dentist one"); wipe and clear only ever everything ("clear skies tomorrow").
 */
function englishWipe(text: string, any: boolean): string | undefined {
  const match = EN_WIPE.exec(trimEndWhile(text, isSpaceOrEndMark));
  if (!match) return undefined;
  const [, verb, object] = match as unknown as [string, string, string];
  if (isEverything(object)) return object;
  if (!any || /^(?:wipe|clear)$/iu.test(verb)) return undefined;
  // "the dentist one", "my bike lock": what names it, without the determiner and "one".
  const words = object.replace(EN_DETERMINER, "").split(" ");
  if (words.length > 1 && /^ones?$/iu.test(words[words.length - 1] as string)) words.pop();
  const named = words.join(" ").trim();
  return /^(?:ones?)?$/iu.test(named) ? object : named;
}

/** "… 이거 다 기억해 둬": the words that point back at the text before the final verb. */
const TRAILING_POINTER = /(?:이거|이것|이건|이걸|위\s?내용|위에\s?거)(?: ?(?:다|전부|모두|좀))?$/u;

/** A determiner or possessive before what a wipe request names. */
const EN_DETERMINER = /^(?:the|my|that|this|those|these|our)\s+/iu;

/**
 * "기억해줘:" / "remember:" before a long text (a pasted document): the request is read from the head
 * only, and the rest is kept whole (the lifecycle stores it as chunks).
 */
function longRemember(text: string): Intent | undefined {
  const head = text.slice(0, LONG_TEXT_HEAD_CHARS);
  const match =
    /^\s*(?:(?:기억|메모)\s*(?:좀\s*|꼭\s*)?해\s*(?:줘요?|조|주세요|둬요?|두세요)|(?:please\s+)?remember)\s*[:：\n]/iu.exec(
      head,
    );
  if (match) {
    const rest = text.slice(match[0].length).trim();
    return rest ? { kind: "remember", text: rest } : undefined;
  }
  // "<a pasted document> … 기억해 둬": the verb at the very end, read from the tail alone.
  const body = trimEndWhile(text, isSpaceOrEndMark);
  const tail = body.slice(-LONG_TEXT_HEAD_CHARS);
  const verb = KO_REMEMBER_LAST.exec(tail);
  if (!verb) return undefined;
  // Kept as written, line breaks and all, like the text after a leading request.
  const rest = body
    .slice(0, body.length - tail.length + verb.index)
    .trimEnd()
    .replace(KO_TAIL, "")
    .replace(TRAILING_POINTER, "")
    .trim();
  return rest ? { kind: "remember", text: rest } : undefined;
}

/**
 * The object of a request, "" when the verb is there without one ("기억해줘"), undefined when the
 * message is not such a request.
 */
function extract(text: string, first: RegExp, last: RegExp, english: RegExp): string | undefined {
  const lead = first.exec(text);
  const after = lead && afterVerbFirst(text.slice(lead[0].length));
  if (lead && after) {
    // "이거 기억해 둬: X" keeps X; "내일 회의 기억해줘: 3시 본관" keeps both halves.
    const before = lead[1]!.trim();
    return tidy(POINTERS.test(before) ? after : `${before} ${after}`);
  }
  const body = trimEndWhile(text, isSpaceOrEndMark);
  const verb = last.exec(body);
  if (verb) return tidy(body.slice(0, verb.index).trimEnd().replace(KO_TAIL, ""));
  const en = english.exec(text);
  if (en) {
    const bare = trimEndWhile(en[1]!, (c) => c === "." || c === "!" || /\s/u.test(c));
    const courtesy = EN_COURTESY.exec(bare);
    return tidy(
      trimEndWhile(courtesy ? bare.slice(0, courtesy.index) : bare, (c) => c === "," || /\s/u.test(c)),
    );
  }
  return undefined;
}

/**
 * The text after a leading verb: there must be a gap (a space, colon or full stop, not only "!" or
 * "~") and something after it. Undefined otherwise ("기억해줘요" is not "기억해줘" + "요").
 */
function afterVerbFirst(rest: string): string | undefined {
  const gap = VERB_FIRST_GAP.exec(rest)?.[0] ?? "";
  if (!/[\s:：.]/u.test(gap)) return undefined;
  const text = rest.slice(gap.length);
  return text === "" ? undefined : text;
}

function isSpaceOrEndMark(c: string): boolean {
  return c === "." || c === "!" || c === "~" || c === "?" || /\s/u.test(c);
}

function tidy(text: string): string {
  const t = text.replace(/\s+/gu, " ").trim();
  return POINTERS.test(t) ? "" : t.replace(/^[:：,\-–—]\s*/u, "");
}

/**
 * A reply to "which one should I forget?": numbers (1-based), everything, no, or a bare yes (응, ok),
 * which answers the question without saying which (the caller asks again). Undefined when the message
 * is something else (then the question lapses and the message is handled as usual).
 */
export type ForgetChoice =
  { kind: "pick"; numbers: number[] } | { kind: "all" } | { kind: "cancel" } | { kind: "unclear" };

/**
 * Matched against the trimmed reply: all of the listed ones, alone or with the verb ("전부 잊어줘", "둘 다
 * 지워 줘", "forget them all"). Asked which one, "all" means all of those: forgetting everything is asked
 * with words that say so ("내 기억 전부", "forget all my memories"), when no question is open.
 */
const ALL =
  /^(?:(?:전부|모두|다|둘\s?다)(?:\s?(?:지워|잊어|삭제\s?해)\s?(?:줘요?|주세요|버려)?)?|(?:(?:forget|delete)\s)?(?:all|both|all of them|them all|both of them))[\s.!]*$/iu;
const CANCEL = /^(?:취소|아니(?:요|야)?|됐어|그만|cancel|no|none|never ?mind)\s*[.!]*$/iu;
const ASSENT = /^(?:응|어|네|예|그래|좋아|ㅇㅇ|ㅇㅋ|ok|okay|yes|yeah|yep|sure)\s*[.!]*$/iu;
/**
 * One piece of a numbered reply ("1번, 3번 지워줘"), read where the previous piece ended (sticky): a
 * number, "번", a joining word, the verb (with its ending), end punctuation, or a run of spaces. The
 * pieces start with different characters, so each is found without trying another split of the same
 * text: the reply is read in time linear in its length, however long a run of digits it holds.
 */
const CHOICE_PIECE = /(\d+)|(번)|(,|와|과|and|랑|하고)|((?:지워|잊어|삭제)\S*)|([.!]+)|(\s+)/iuy;

export function parseForgetChoice(text: string): ForgetChoice | undefined {
  if (text.length > 200) return undefined;
  const reply = text.trim();
  if (ALL.test(reply)) return { kind: "all" };
  if (CANCEL.test(reply)) return { kind: "cancel" };
  if (ASSENT.test(reply)) return { kind: "unclear" };
  return readPicks(reply);
}

/**
 * Numbers of one or two digits, each maybe followed by "번" and joined by commas, "와/과/랑/하고/and" or
 * spaces, then maybe the verb and end punctuation; undefined for anything else.
 */
function readPicks(text: string): ForgetChoice | undefined {
  const picked: number[] = [];
  let previous: "start" | "number" | "unit" | "joiner" | "verb" | "end" = "start";
  CHOICE_PIECE.lastIndex = 0;
  while (CHOICE_PIECE.lastIndex < text.length) {
    const piece = CHOICE_PIECE.exec(text);
    if (!piece) return undefined;
    const [, digits, unit, joiner, verb, punctuation] = piece;
    if (digits !== undefined) {
      if (digits.length > 2 || previous === "verb" || previous === "end") return undefined;
      picked.push(Number(digits));
      previous = "number";
    } else if (unit !== undefined) {
      if (previous !== "number") return undefined;
      previous = "unit";
    } else if (joiner !== undefined) {
      if (previous !== "number" && previous !== "unit") return undefined;
      previous = "joiner";
    } else if (verb !== undefined) {
      if (picked.length === 0 || previous === "verb" || previous === "end") return undefined;
      previous = "verb";
    } else if (punctuation !== undefined) {
      if (picked.length === 0) return undefined;
      previous = "end";
    }
  }
  return picked.length === 0 ? undefined : { kind: "pick", numbers: [...new Set(picked)] };
}

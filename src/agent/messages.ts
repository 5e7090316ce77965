import type { AppErrorCode } from "../core/errors.js";
import type { Lang } from "../text/language.js";
import type { PhaticKind } from "../text/speech-act.js";
import { isoDay } from "../util/dates.js";

/** What a failed turn tells the user, by error code and language. */
const FAILURE_REPLIES: Partial<Record<AppErrorCode, Record<Lang, string>>> = {
  llm_unavailable: {
    ko: "죄송해요, 지금 언어 모델에 연결할 수 없어요 (꺼져 있거나 응답이 너무 느려요). 잠시 후 다시 시도해 주세요.",
    en: "Sorry, I can't reach my language model right now (it is offline or too slow). Please try again in a moment.",
  },
  llm_busy: {
    ko: "죄송해요, 지금 답변을 기다리는 메시지가 너무 많아요. 1분 뒤에 다시 보내 주세요.",
    en: "Sorry, I'm answering too many messages right now. Please try again in a minute.",
  },
  journal_failed: {
    ko: "죄송해요, 지금은 기억을 저장할 수 없어요 (저장 장치 오류). 이 내용은 저장되지 않았어요. 잠시 후 다시 말해 주세요.",
    en: "Sorry, I can't save anything right now (a storage error). This was NOT saved; please tell me again in a moment.",
  },
  store_failed: {
    ko: "죄송해요, 지금 기억 저장소에 연결할 수 없어서 처리하지 못했어요. 잠시 후 다시 시도해 주세요.",
    en: "Sorry, I can't reach my memory store right now, so I couldn't do that. Please try again in a moment.",
  },
};
FAILURE_REPLIES.llm_timeout = FAILURE_REPLIES.llm_unavailable;

const GENERIC_FAILURE: Record<Lang, string> = {
  ko: "죄송해요, 답변하는 중에 문제가 생겼어요. 잠시 후 다시 시도해 주세요.",
  en: "Sorry, something went wrong while I was answering. Please try again in a moment.",
};

/** Short, friendly replies for a failed turn, by language. Never silence. */
export function failureReply(lang: Lang, code: AppErrorCode | undefined): string {
  return (code === undefined ? undefined : FAILURE_REPLIES[code]?.[lang]) ?? GENERIC_FAILURE[lang];
}

/**
 * Confirms a saved memory, quoting what was kept. `stored: false` (the memory store not answering):
 * it is kept all the same, and says so. `secret`: it looks like a password, a code or a card or account
 * number — kept, as asked, with a warning and how to forget it.
 */
export function rememberedReply(lang: Lang, text: string, stored = true, secret = false): string {
  if (lang === "en") {
    const note = stored
      ? ""
      : " (my memory store is slow right now: it is written down safely and filed shortly)";
    const warn = secret
      ? `\n⚠️ This looks like a password, a code or a card/account number. I keep it only because you asked; say "forget ${text}" to remove it.`
      : "";
    return `Got it, I'll remember: "${quote(text)}"${note}${warn}`;
  }
  const note = stored ? "" : " (지금 저장소가 느려서, 안전하게 적어 두었고 곧 정리해 둘게요)";
  const warn = secret
    ? `\n⚠️ 비밀번호·인증번호·카드/계좌번호 같은 민감한 정보로 보여요. 요청하셔서 저장했지만, 지우려면 "잊어줘: ${text}"라고 해 주세요.`
    : "";
  return `기억했어요: "${quote(text)}"${note}${warn}`;
}

/**
 * The answer without a model to a message that tells rather than asks, when the memory pipeline kept
 * it: what was kept, quoted.
 */
export function notedReply(lang: Lang, text: string): string {
  return lang === "en" ? `📝 I'll remember that: "${quote(text)}"` : `📝 기억해 둘게요: "${quote(text)}"`;
}

/**
 * The answer without a model to a message that tells rather than asks, when nothing was kept: a
 * greeting back (with what the assistant is for), thanks answered, a goodbye, or a short acknowledgement.
 */
export function acknowledgedReply(lang: Lang, kind: PhaticKind = "other"): string {
  const en = lang === "en";
  switch (kind) {
    case "greeting":
      return en
        ? "Hi! Tell me something to remember, or ask me about what you told me."
        : "안녕하세요! 기억해 둘 일을 말해 주시거나, 전에 말한 걸 물어보세요.";
    case "thanks":
      return en ? "You're welcome!" : "천만에요!";
    case "farewell":
      return en ? "Bye for now!" : "네, 또 봬요!";
    default:
      return en ? "Got it." : "네, 알겠어요.";
  }
}

/**
 * Says that a message was not kept because it looks like a secret, and how to keep it anyway (the
 * explicit "기억해줘" path keeps it, with a warning).
 */
export function secretHeldReply(lang: Lang): string {
  return lang === "en"
    ? '🔒 That looks like a password, a code or a card or account number, so I did not keep it. To keep it anyway, say "remember: …".'
    : '🔒 비밀번호·인증번호·카드/계좌번호 같은 민감한 정보로 보여서 기억하지 않았어요. 꼭 남기려면 "기억해줘: …"라고 말해 주세요.';
}

/** "기억해줘" with nothing to keep. */
export function nothingToRememberReply(lang: Lang): string {
  return lang === "en"
    ? 'What should I remember? For example: "remember: the parking spot is B2-37".'
    : '무엇을 기억할까요? 예: "기억해줘: 주차 B2 37번"';
}

/**
 * An explicit save refused: the text matches the deployment's `[memory.filter] exclude_patterns`, what
 * it is set never to keep.
 */
export function excludedSaveReply(lang: Lang): string {
  return lang === "en"
    ? "I didn't save that: this assistant is set never to keep such content (memory.filter.exclude_patterns in its configuration)."
    : "저장하지 않았어요: 이런 내용은 저장하지 않도록 설정되어 있어요 (설정의 memory.filter.exclude_patterns).";
}

/** Confirms forgotten memories (their graph facts went with them). */
export function forgottenReply(lang: Lang, texts: string[]): string {
  const quoted = texts.map((t) => `"${quote(t)}"`).join(", ");
  return lang === "en" ? `Forgotten: ${quoted}` : `잊었어요: ${quoted}`;
}

/**
 * "방금 밥이 한 말 기억해 둬": another person's words, which a chat command cannot fetch. Nothing is
 * kept; the reply says how to keep them.
 */
export function othersWordsReply(lang: Lang): string {
  return lang === "en"
    ? "I can't fetch what someone else said from here. Tell me what to keep (\"remember: …\"), or use the message's ⋮ menu → Remember this."
    : '다른 사람이 한 말은 여기서 가져올 수 없어요. 기억할 내용을 적어 주시거나("기억해줘: …"), 그 메시지의 ⋮ 메뉴에서 "Remember this"를 눌러 주세요.';
}

/**
 * A forget request that named a message still being judged for autosave (a slow model): it will not
 * be kept. Quoted, as a forget's confirmation quotes what it deleted.
 */
export function notKeptNowReply(lang: Lang, texts: string[]): string {
  const quoted = texts.map((t) => `"${quote(t)}"`).join(", ");
  return lang === "en"
    ? `I was still deciding whether to keep it; now I won't: ${quoted}`
    : `아직 기억할지 정하던 중이었는데, 기억하지 않을게요: ${quoted}`;
}

/** "방금 거 잊어줘" in a conversation where nothing was kept yet. */
export function nothingKeptHereReply(lang: Lang): string {
  return lang === "en"
    ? "I haven't kept anything from this conversation yet."
    : "이 대화에서 기억해 둔 게 아직 없어요.";
}

/** A forget request that matched nothing visible here. */
export function nothingToForgetReply(lang: Lang, query: string): string {
  if (!query) {
    return lang === "en"
      ? 'What should I forget? For example: "forget the dentist appointment".'
      : '무엇을 잊을까요? 예: "잊어줘: 치과 예약"';
  }
  return lang === "en"
    ? `I couldn't find a memory matching "${query}".`
    : `"${query}"에 해당하는 기억을 찾지 못했어요.`;
}

/** Memories as a forget question lists them: "1. text (day)", numbered from 1 as the answer picks them. */
function numbered(memories: Array<{ text: string; timestamp: number }>): string[] {
  return memories.map((m, i) => `${i + 1}. ${m.text} (${isoDay(m.timestamp)})`);
}

/** Several memories match a forget request: numbered, so the user can answer with a number. */
export function whichToForgetReply(
  lang: Lang,
  candidates: Array<{ text: string; timestamp: number }>,
): string {
  const lines = numbered(candidates);
  const ask =
    lang === "en"
      ? 'Several memories match. Which one should I forget? Answer with a number, "all", or "cancel".'
      : '여러 개가 있어요. 어떤 걸 잊을까요? 번호로 답해 주세요 (모두 지우려면 "전부", 그만두려면 "취소").';
  return [ask, ...lines].join("\n");
}

/**
 * The model proposed forgetting memories: numbered, asked as a question the user answers like
 * "which one should I forget?". Nothing is forgotten until they do.
 */
export function proposedForgetReply(
  lang: Lang,
  proposals: Array<{ text: string; timestamp: number }>,
): string {
  const lines = numbered(proposals);
  // One memory is confirmed by a yes; of several, a yes does not say which.
  const one = proposals.length === 1;
  const ask =
    lang === "en"
      ? `Should I forget this? Nothing is forgotten until you confirm: answer ${one ? '"yes"' : 'with a number, "all",'} or "cancel".`
      : `이 기억을 잊을까요? 확인해 주시기 전에는 아무것도 지우지 않아요. ${one ? '지우려면 "네"' : '번호로 답해 주세요 (모두 지우려면 "전부"'}, 그만두려면 "취소"${one ? "라고 답해 주세요." : ")."}`;
  return [ask, ...lines].join("\n");
}

/** Memories "forget everything about X" lists by number; the rest are counted (all are forgotten on a yes). */
const LISTED_OF_ALL = 10;

/** "Forget everything about X": the memories that match, and the question whether to forget them all. */
export function forgetAllOfReply(
  lang: Lang,
  query: string,
  candidates: Array<{ text: string; timestamp: number }>,
): string {
  const lines = numbered(candidates.slice(0, LISTED_OF_ALL));
  const more = candidates.length - lines.length;
  if (more > 0) lines.push(lang === "en" ? `… and ${more} more` : `… 외 ${more}개`);
  const ask =
    lang === "en"
      ? `${candidates.length === 1 ? "This memory matches" : `These ${candidates.length} memories match`} “${query}”. Forget ${candidates.length === 1 ? "it" : "all of them"}? Answer "yes", numbers to pick some, or "cancel".`
      : `“${query}”에 해당하는 기억 ${candidates.length}개예요. 모두 잊을까요? 지우려면 "네", 몇 개만 고르려면 번호, 그만두려면 "취소"라고 답해 주세요.`;
  return [ask, ...lines].join("\n");
}

/** "Which one should I forget?" answered with a bare yes: which one, by its number, is still open. */
export function whichNumberReply(lang: Lang, count: number): string {
  return lang === "en"
    ? `Which one? Answer with its number (1–${count}), "all", or "cancel".`
    : `어떤 걸 잊을지 번호로 알려 주세요 (1–${count}). 모두 지우려면 "전부", 그만두려면 "취소".`;
}

/** "Forget everything?": what goes, that it cannot be undone, and how to answer. */
export function forgetEverythingQuestion(lang: Lang): string {
  return lang === "en"
    ? 'Forget everything? All your memories, the facts taken from them and our conversation history will be deleted, and this cannot be undone. Answer "yes" to delete, or "cancel".'
    : '전부 잊을까요? 모든 기억과 그 기억에서 나온 사실, 대화 기록까지 지워지고 되돌릴 수 없어요. 지우려면 "네", 그만두려면 "취소"라고 답해 주세요.';
}

/** Everything was forgotten (asked in a DM, so the counts may cover what was said in DMs). */
export function forgotEverythingReply(
  lang: Lang,
  result: { memories: number; conversations?: number },
): string {
  const conversations = result.conversations ?? 0;
  return lang === "en"
    ? `Done: I forgot everything (${count(result.memories, "memory", "memories")}, ${count(conversations, "conversation", "conversations")}).`
    : `전부 잊었어요 (기억 ${result.memories}개, 대화 ${conversations}개).`;
}

/**
 * A forget finished after a restart whose memories were already gone (deleted before the process
 * stopped, the reply not yet sent): how many, or everything; their texts are no longer there to quote.
 */
export function forgetFinishedReply(lang: Lang, what: { memories: number } | { all: true }): string {
  const restarted =
    lang === "en"
      ? "I restarted before I could answer, and have made sure of it now."
      : "답하기 전에 제가 다시 시작돼서, 지금 확인했어요.";
  if ("all" in what)
    return lang === "en" ? `Done: I forgot everything. ${restarted}` : `전부 잊었어요. ${restarted}`;
  return lang === "en"
    ? `Forgotten: ${count(what.memories, "memory", "memories")}. ${restarted}`
    : `잊었어요: 기억 ${what.memories}개. ${restarted}`;
}

/** A count and its noun, singular for one: one memory, many memories. */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Forget everything" asked in a channel: it reaches DM memories, so it is asked in a DM. */
export function forgetEverythingInDmReply(lang: Lang): string {
  return lang === "en"
    ? 'To forget everything, say "forget everything" to me in a DM: it deletes what you told me there too.'
    : '전부 잊으려면 DM에서 "전부 잊어줘"라고 해 주세요. DM에서 말한 내용까지 지워지니까요.';
}

/** The user cancelled a forget (or picked numbers that were not on the list). */
export function forgetCancelledReply(lang: Lang): string {
  return lang === "en" ? "OK, I didn't forget anything." : "알겠어요, 아무것도 지우지 않았어요.";
}

/** What the assistant can do, in the user's language. */
export function helpReply(lang: Lang): string {
  if (lang === "en") {
    return [
      "I'm your assistant with a long-term memory. You can:",
      '• Tell me something to keep: "remember: my locker is 112" (or "remember that …").',
      "• Ask me anything: I answer from what you told me, and say so when I don't know.",
      '• Make me forget: "forget my locker number". If several memories match, I ask which one.',
      '• Start over: "forget everything" deletes all your memories and our history, once you say yes.',
      "• What you tell me in a DM is never shown in a channel.",
      '"/help" or "help" shows this again.',
    ].join("\n");
  }
  return [
    "저는 기억하는 비서예요. 이렇게 쓰세요:",
    '• 기억하기: "기억해줘: 또리 생일은 10월 27일이야" (또는 "… 기억해 둬")',
    "• 물어보기: 알려 주신 내용으로 답하고, 모르는 건 모른다고 말해요.",
    '• 잊게 하기: "잊어줘: 치과 예약" 또는 "치과 예약 지워줘". 여러 개가 맞으면 어떤 걸 지울지 물어봐요.',
    '• 처음부터: "전부 잊어줘"라고 하면 확인을 받은 뒤 모든 기억과 대화 기록을 지워요.',
    "• DM에서 말한 내용은 채널에서 보여 주지 않아요.",
    '"/help" 또는 "도움말"로 이 안내를 다시 볼 수 있어요.',
  ].join("\n");
}

/** A message received before a restart and not answered in time: the user is told, not left waiting. */
export function missedTurnReply(lang: Lang, text: string): string {
  const start = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return lang === "en"
    ? `Sorry, I restarted and missed your message "${start}". Could you send it again?`
    : `죄송해요, 재시작하는 동안 이 메시지를 놓쳤어요: "${start}". 다시 보내 주시겠어요?`;
}

/** Longest text quoted back in a reply; a pasted document is quoted by its start. */
export const MAX_QUOTE_CHARS = 300;

/** How a reply quotes a text: whole, or its first {@link MAX_QUOTE_CHARS} characters and "…". */
export function quote(text: string): string {
  return text.length > MAX_QUOTE_CHARS ? `${text.slice(0, MAX_QUOTE_CHARS)}…` : text;
}

/** The assistant panel's greeting when a thread starts. */
export function panelGreeting(lang: Lang): string {
  return lang === "en"
    ? "Hi! I remember what you tell me. Ask me anything, or tell me something to keep."
    : "안녕하세요! 말씀해 주신 걸 기억해 두는 비서예요. 무엇이든 물어보거나, 기억할 것을 알려 주세요.";
}

/** The suggested prompts of the assistant panel: a title and up to four prompts. */
export function suggestedPrompts(lang: Lang): {
  title: string;
  prompts: Array<{ title: string; message: string }>;
} {
  if (lang === "en") {
    return {
      title: "Try asking:",
      prompts: [
        { title: "What did I ask you to remember?", message: "What did I ask you to remember?" },
        { title: "Tell me about …", message: "Tell me what you know about my dog" },
        { title: "Remember something", message: "remember: my locker is 112" },
        { title: "What can you do?", message: "help" },
      ],
    };
  }
  return {
    title: "이렇게 물어보세요:",
    prompts: [
      { title: "내가 뭘 기억하라고 했지?", message: "내가 뭘 기억하라고 했지?" },
      { title: "또리 관련해서 알려줘", message: "또리 관련해서 알려줘" },
      { title: "기억해 줘", message: "기억해줘: 사물함 번호는 112번이야" },
      { title: "뭐 할 수 있어?", message: "뭐 할 수 있어?" },
    ],
  };
}

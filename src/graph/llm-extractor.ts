/**
 * Triplet extraction with the model's structured output: a zod schema, converted with `z.toJSONSchema`,
 * goes to the model as `format`; the reply is validated with the same schema. Values must appear in the
 * text (the model may not invent or reformat them); others are dropped.
 */
import { z } from "zod";
import type { Llm } from "../core/llm.js";
import { parseStructuredReply } from "../core/structured-reply.js";
import type { Triplet } from "../core/types.js";
import { cleanValue, entityDisplayName, normalizeAttribute } from "../extraction/normalize.js";
import { foldText } from "../text/korean.js";
import { MAX_EXTRACTION_CHARS } from "../core/graph-types.js";

/** The reply the model must produce. */
export const extractionSchema = z.object({
  triplets: z.array(
    z.object({
      entity: z.string().min(1).describe("Who or what the fact is about; 나 for the speaker (I in English)"),
      attribute: z.string().min(1).describe("A short noun for the kind of fact, e.g. 생일, 전화번호, 주소"),
      value: z.string().min(1).describe("The value, copied verbatim from the text"),
    }),
  ),
});

/** The JSON Schema sent as Ollama's `format`. */
export const EXTRACTION_FORMAT: Record<string, unknown> = z.toJSONSchema(extractionSchema);

/** System prompt: Korean-aware rules with few-shot examples. */
export const EXTRACTION_PROMPT = `You extract facts worth remembering from one message a user sent to their personal assistant.
Return JSON {"triplets":[{"entity","attribute","value"}]} and nothing else.

Rules:
- entity: the person, pet, place, business or thing the fact is about, without particles (또리는/또리가/또리의 → 또리) or honorifics (구하영님 → 구하영).
- The speaker is "나" in Korean text and "I" in English text (나/내/저/제/my/I → 나 or I).
- attribute: a short noun in the language of the text (생일, 전화번호, 주소, 담당, 분류, 알레르기, 나이; birthday, phone, address).
- value: copied verbatim from the text — do not translate, reformat or complete it; drop sentence endings (이야, 입니다, 예요, 임).
- In key: value lines the 업체명/이름/상호/name value is the entity and the other keys are its attributes.
- Only facts stated in the message. Questions, greetings and plans without a fact give {"triplets":[]}.

Examples:
"또리 생일 10월 27일이야" → {"triplets":[{"entity":"또리","attribute":"생일","value":"10월 27일"}]}
"김철수 전화번호는 010-1234-5678" → {"triplets":[{"entity":"김철수","attribute":"전화번호","value":"010-1234-5678"}]}
"업체명: 한결세탁, 전화번호: 0507-2210-4431, 분류: 세탁소" → {"triplets":[{"entity":"한결세탁","attribute":"전화번호","value":"0507-2210-4431"},{"entity":"한결세탁","attribute":"분류","value":"세탁소"}]}
"나 땅콩 알레르기 있음" → {"triplets":[{"entity":"나","attribute":"알레르기","value":"땅콩"}]}
"My dentist is Dr. Kim at Hanbit Dental" → {"triplets":[{"entity":"I","attribute":"dentist","value":"Dr. Kim"}]}
"또리 생일 언제였지?" → {"triplets":[]}`;

/** Something that turns a text into triplets (the LLM extractor, or the rules wrapped in a promise). */
export interface TripletExtractor {
  extract(text: string, options?: { signal?: AbortSignal }): Promise<Triplet[]>;
}

/** Folds a text for the "value appears in the text" check: NFC, lowercase, no whitespace. */
function compact(text: string): string {
  return foldText(text).replace(/\s+/gu, "");
}

/** Options of {@link LlmTripletExtractor}. */
export interface LlmTripletExtractorOptions {
  llm: Llm;
}

/**
 * Extracts triplets with one structured-output chat call. Throws AppError `llm_bad_output` when the reply
 * is not JSON or does not fit {@link extractionSchema}; the Llm's own errors (`llm_unavailable`,
 * `llm_timeout`) pass through.
 */
export class LlmTripletExtractor implements TripletExtractor {
  private readonly llm: Llm;

  constructor(options: LlmTripletExtractorOptions) {
    this.llm = options.llm;
  }

  async extract(text: string, options: { signal?: AbortSignal } = {}): Promise<Triplet[]> {
    const input = text.normalize("NFC").slice(0, MAX_EXTRACTION_CHARS);
    const response = await this.llm.chat({
      priority: "background",
      messages: [
        { role: "system", content: EXTRACTION_PROMPT },
        { role: "user", content: input },
      ],
      format: EXTRACTION_FORMAT,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return parseExtraction({ content: response.content, text: input });
  }
}

/**
 * Validates a model reply and keeps only grounded triplets: cleaned fields, non-empty, value found in the
 * text (ignoring case and spacing), no duplicates.
 */
export function parseExtraction(options: { content: string; text: string }): Triplet[] {
  const reply = parseStructuredReply(options.content, extractionSchema, "triplet");
  const haystack = compact(options.text);
  const seen = new Set<string>();
  const out: Triplet[] = [];
  for (const raw of reply.triplets) {
    const triplet = {
      entity: entityDisplayName(raw.entity),
      attribute: normalizeAttribute(raw.attribute),
      value: cleanValue(raw.value),
    };
    if (triplet.entity === "" || triplet.attribute === "" || triplet.value === "") continue;
    if (!haystack.includes(compact(triplet.value))) continue;
    const key = [triplet.entity, triplet.attribute, triplet.value].map(foldText).join("\u0000");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(triplet);
  }
  return out;
}

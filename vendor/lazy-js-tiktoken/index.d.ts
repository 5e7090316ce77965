export interface LazyEncoding {
  encode(
    text: string,
    allowedSpecial?: Array<string> | "all",
    disallowedSpecial?: Array<string> | "all",
  ): number[];
  decode(tokens: number[]): string;
}
export function getEncoding(name: string, extendSpecialTokens?: Record<string, number>): LazyEncoding;

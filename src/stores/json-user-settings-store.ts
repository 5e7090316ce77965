import { LRUCache } from "lru-cache";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { AppError } from "../core/errors.js";
import { channelTypeSchema } from "../core/memory-schema.js";
import type { Owner } from "../core/types.js";
import {
  AUTOSAVE_MODES,
  DEFAULT_AUTOSAVE_MODE,
  pauseCovers,
  type AutosaveMode,
  type AutosaveOffer,
  type ConversationPause,
  type ConversationRef,
  type UserSettings,
  type UserSettingsStore,
} from "../core/user-settings.js";
import { readJsonFile, writeFileAtomic } from "../util/atomic-file.js";
import { KeyedMutex } from "../util/keyed-mutex.js";
import { safeFileName } from "../util/safe-name.js";

/** Folder under DATA_DIR with one settings file per person. */
export const USER_SETTINGS_DIR = "user_settings";
const FILE_VERSION = 1;

const pauseSchema = z.object({
  channelId: z.string(),
  threadTs: z.string().optional(),
  until: z.number(),
});
const offerSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  userId: z.string(),
  channelId: z.string(),
  channelType: channelTypeSchema,
  threadTs: z.string().optional(),
  text: z.string(),
  at: z.number(),
  expiresAt: z.number(),
  extra: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
const fileSchema = z.object({
  version: z.literal(FILE_VERSION),
  autosave: z.enum(AUTOSAVE_MODES as [AutosaveMode, ...AutosaveMode[]]),
  pauses: z.array(pauseSchema),
  offers: z.array(offerSchema),
});
type SettingsFile = z.infer<typeof fileSchema>;

/** People whose settings are kept in memory at once. */
const CACHED_FILES = 10_000;

const EMPTY: SettingsFile = {
  version: FILE_VERSION,
  autosave: DEFAULT_AUTOSAVE_MODE,
  pauses: [],
  offers: [],
};

/**
 * Settings of the embedded mode: `${DATA_DIR}/user_settings/<safe name>.json`, one file per person,
 * each change read-modify-written atomically under a per-file lock (one assistant per DATA_DIR).
 * Lapsed pauses and offers are dropped at the next write. Files read are kept (a bounded LRU): the
 * pipeline asks for the author's settings on every message, and only this process writes them.
 */
export class JsonUserSettingsStore implements UserSettingsStore {
  private readonly folder: string;
  private readonly mutex = new KeyedMutex();
  /** Parsed files by path; this store is their only writer while it holds DATA_DIR. */
  private readonly files = new LRUCache<string, SettingsFile>({ max: CACHED_FILES });

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.folder = join(resolve(dataDir), USER_SETTINGS_DIR);
  }

  async get(owner: Owner, now: number): Promise<UserSettings> {
    const file = await this.read(this.pathOf(owner));
    return { autosave: file.autosave, pauses: file.pauses.filter((p) => p.until > now) };
  }

  setAutosave(owner: Owner, mode: AutosaveMode): Promise<void> {
    return this.update(owner, (file) => ({ ...file, autosave: mode }));
  }

  pause(owner: Owner, pause: ConversationPause): Promise<void> {
    const { channelId, threadTs, until } = pause;
    return this.update(owner, (file) => ({
      ...file,
      pauses: [
        ...file.pauses.filter((p) => !(p.channelId === channelId && p.threadTs === threadTs)),
        { channelId, ...(threadTs ? { threadTs } : {}), until },
      ],
    }));
  }

  async resume(owner: Owner, conversation: ConversationRef, now: number): Promise<boolean> {
    let running = false;
    await this.update(owner, (file) => {
      running = file.pauses.some((p) => p.until > now && pauseCovers(p, conversation));
      return { ...file, pauses: file.pauses.filter((p) => !pauseCovers(p, conversation)) };
    });
    return running;
  }

  addOffer(offer: AutosaveOffer): Promise<void> {
    return this.update(offer, (file) => ({ ...file, offers: [...file.offers, stripUndefined(offer)] }));
  }

  async takeOffer(owner: Owner, id: string, now: number): Promise<AutosaveOffer | undefined> {
    let taken: AutosaveOffer | undefined;
    await this.update(owner, (file) => {
      const offer = file.offers.find((o) => o.id === id);
      if (offer && offer.expiresAt > now) taken = offer;
      return { ...file, offers: file.offers.filter((o) => o.id !== id) };
    });
    return taken;
  }

  private update(owner: Owner, change: (file: SettingsFile) => SettingsFile): Promise<void> {
    const path = this.pathOf(owner);
    return this.mutex.run(path, async () => {
      const now = this.now();
      const next = change(await this.read(path));
      const kept: SettingsFile = {
        ...next,
        pauses: next.pauses.filter((p) => p.until > now),
        offers: next.offers.filter((o) => o.expiresAt > now),
      };
      await writeFileAtomic(path, `${JSON.stringify(kept)}\n`);
      this.files.set(path, kept);
    });
  }

  private async read(path: string): Promise<SettingsFile> {
    const cached = this.files.get(path);
    if (cached !== undefined) return cached;
    const raw = await readJsonFile<unknown>(path);
    if (raw === undefined) return EMPTY;
    const parsed = fileSchema.safeParse(raw);
    if (!parsed.success)
      throw new AppError("store_failed", "a user settings file is not valid", { details: { path } });
    this.files.set(path, parsed.data);
    return parsed.data;
  }

  private pathOf(owner: Owner): string {
    const file = join(this.folder, safeFileName(`${owner.teamId.length}:${owner.teamId}:${owner.userId}`));
    if (dirname(file) !== this.folder)
      throw new AppError("internal", "Settings file name escaped its folder", { details: { file } });
    return file;
  }
}

/** The offer without undefined fields (JSON drops them anyway; the schema reads them back as absent). */
function stripUndefined(offer: AutosaveOffer): SettingsFile["offers"][number] {
  return JSON.parse(JSON.stringify(offer)) as SettingsFile["offers"][number];
}

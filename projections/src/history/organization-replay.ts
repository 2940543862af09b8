import type { StoredEvent } from '@chat/core';
import { ProjectionDispatch } from '../projection-dispatch.js';
import { openReadModels, type ReadModels } from '../read-models.js';
import { type HistoryImage, HistoryStore } from './history-store.js';
import { organizationProjections } from './organization-projections.js';

/** A replay's state at one point: what a snapshot keeps. */
export interface ReplayImage {
  /** Organization events applied (entries of the history index). */
  applied: number;
  position: number;
  store: HistoryImage;
}

/**
 * The organization's models rebuilt from its events alone, up to a point in the log: the server's
 * organization projections over a HistoryStore. Events of other types are passed over.
 */
export class OrganizationReplay {
  readonly store: HistoryStore;
  readonly models: ReadModels;
  private readonly dispatch: ProjectionDispatch;
  /** Organization events applied so far, and the position of the last. */
  applied: number;
  position: number;

  constructor(image?: ReplayImage) {
    this.store = new HistoryStore(image?.store);
    this.models = openReadModels(this.store);
    this.dispatch = new ProjectionDispatch(organizationProjections(this.models));
    this.applied = image?.applied ?? 0;
    this.position = image?.position ?? 0;
  }

  async apply(event: StoredEvent): Promise<void> {
    if (event.position <= this.position) throw new Error(`history replay: position ${event.position} after ${this.position}`);
    const pending = this.dispatch.apply(event);
    if (pending) await pending;
    this.applied += 1;
    this.position = event.position;
  }

  image(): ReplayImage {
    return { applied: this.applied, position: this.position, store: this.store.image() };
  }
}

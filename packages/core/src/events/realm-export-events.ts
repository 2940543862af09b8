/** An owner asked for an export of the organization; it is being written. */
export interface RealmExportRequested {
  type: 'RealmExportRequested';
  data: {
    export_id: number;
    acting_user_id: number;
    /** 1 public, 2 standard, as the public API numbers them. */
    export_type: number;
  };
}

/** The export was written to upload storage at `path_id`. */
export interface RealmExportCompleted {
  type: 'RealmExportCompleted';
  data: { export_id: number; path_id: string; size: number; event_count: number };
}

/** Writing the export failed; nothing is stored. */
export interface RealmExportFailed {
  type: 'RealmExportFailed';
  data: { export_id: number };
}

/** An owner deleted a written export; its file is removed from upload storage. */
export interface RealmExportDeleted {
  type: 'RealmExportDeleted';
  data: { export_id: number };
}

export type RealmExportEvent = RealmExportRequested | RealmExportCompleted | RealmExportFailed | RealmExportDeleted;

declare module './index.js' {
  interface DomainEventKinds {
    RealmExportEvent: RealmExportEvent;
  }
}

import type { RequestPathNames, RequestTypes } from './request-types/index.js';
import type { RouteCall } from './route.js';

/** The name of a request schema in schemas/api (without .json). */
export type SchemaName = keyof RequestTypes;

/** A schema's query-string and body parameters, as the schema check leaves them. */
export type ParamsOf<S extends SchemaName> = Omit<RequestTypes[S], RequestPathNames[S]>;

/** A schema's path parameters. */
export type PathOf<S extends SchemaName> = Pick<RequestTypes[S], Extract<RequestPathNames[S], keyof RequestTypes[S]>>;

/** A call of a route whose request schema is `S`: its parameters typed by the schema. */
export type CallOf<S extends SchemaName> = RouteCall<ParamsOf<S>, PathOf<S>>;

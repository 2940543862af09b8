import { ApiError } from '../errors.js';

/** The errors of the push endpoints, with the public API's codes and HTTP statuses. */
export const pushErrors = {
  notConfigured: (): ApiError => new ApiError('PUSH_SERVICE_NOT_CONFIGURED', 400, 'Server is not configured to use push notification service.'),
  unknownToken: (): ApiError => new ApiError('INVALID_PUSH_DEVICE_TOKEN', 400, "Device not recognized: no push device of yours has this 'token'"),
  unknownToBouncer: (): ApiError => new ApiError('INVALID_REMOTE_PUSH_DEVICE_TOKEN', 400, 'Device not recognized by the push bouncer'),
  noActiveDevice: (): ApiError => new ApiError('NO_ACTIVE_PUSH_DEVICE', 400, 'No active registered push device'),
  adminActionRequired: (): ApiError =>
    new ApiError('ADMIN_ACTION_REQUIRED', 403, 'Push notification configuration issue on server, contact the server administrator or retry later.'),
  bouncerUnreachable: (): ApiError => new ApiError('FAILED_TO_CONNECT_BOUNCER', 502, 'Network error while connecting to the push notification service.'),
  bouncerFailed: (): ApiError => new ApiError('INTERNAL_SERVER_ERROR_ON_BOUNCER', 502, 'Internal server error on the push notification service, retry later.'),
};

/** Values the server fixes for every organization and reports through the register response. */
export const FEATURE_LEVEL = 420;
export const SERVER_VERSION = '11.0-chat.0.1.0';
export const MAX_MESSAGE_LENGTH = 10000;
export const MAX_TOPIC_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;
export const MAX_USER_NAME_LENGTH = 100;
export const EMPTY_TOPIC_DISPLAY_NAME = 'general chat';
export const TYPING_STARTED_WAIT_MS = 30000;
export const TYPING_STOPPED_WAIT_MS = 12000;
export const TYPING_STARTED_EXPIRY_MS = 45000;

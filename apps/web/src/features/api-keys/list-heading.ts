/** The key list's heading: where the focus goes when a key, or the new key's notice, goes away. */
export const apiKeyListTitleId = 'api-key-list-title';

export const apiKeyListHeading = () => document.getElementById(apiKeyListTitleId);

export const focusApiKeyList = () => apiKeyListHeading()?.focus();

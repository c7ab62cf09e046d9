/**
 * The fields of a search, as the search forms post them and as `GET /search?…` names them. A posted
 * search's fields travel to the browser in a script element of this id, so the page hydrates with
 * the results it was rendered with although its address holds no query.
 */
export const searchFields = ['q', 'type', 'country', 'page'] as const;
export const POSTED_SEARCH_ID = '__SEARCH__';

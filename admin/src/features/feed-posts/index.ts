export { FeedPostFormPage } from './components/feed-post-form-page'
export { FeedPostsPage } from './components/feed-posts-page'

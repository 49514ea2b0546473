import { count } from './plural.js';

/** YouTube videos, Twitch streams and their webhooks. */
export const MEDIA_MSG = {
  videos: {
    created: 'Feed created correctly!',
    updated: 'Your feed has been updated correctly!',
    createFailed: 'There was an error creating the feed. Please, try again or contact support',
    updateFailed: 'There was an error updating the feed. Please, try again or contact support',
    refreshFailed: 'There was an error getting new videos for your Youtube Feed. Please try again or contact support.',
    previewFailed: 'Something went wrong with your preview. Please try again or contact support.',
    /** "save failure shows the server detail plus a period" (001 §8). */
    saveFailed: (detail: string) => `${detail.replace(/\.$/, '')}.`,
    editFailed: 'Something went wrong updating the video',
    /** Saved videos delete error (001 §8). */
    deleteFailed: 'Something went wrong.',
    feedEdited: 'Feed has been edited.',
    feedSaved: 'New Feed has been saved.',
    upgrade: 'You need to upgrade your current subscription to keep using this feature.',
    alreadySaved: "Videos couldn't be saved - They already exist on Saved Coverage",
    // Not in the catalogue; plain wording.
    notConnected: 'YouTube is not connected on this server: set YOUTUBE_API_KEY.',
    notFoundAtUrl: 'No YouTube video was found at this address',
    refreshQueued: 'Getting new videos for your YouTube Feed',
    savedCount: (n: number) => `${count(n, 'video')} saved on your Saved coverage!`,
    deletedCount: (n: number) => `${count(n, 'video')} deleted.`,
    partialSave: (saved: number, failed: number) =>
      `${count(saved, 'video')} saved. ${failed.toLocaleString('en')} couldn't be saved as ${failed === 1 ? 'it already exists' : 'they already exist'} on Saved Coverage`,
    videoAdded: 'Item was added correctly!',
    videoEdited: 'Video has been edited.',
    minBelowMax: 'The minimum must not be above the maximum',
  },
  /** The Twitch feed and saved streams (001 §8 "Alerts and feeds", "Stream feed"; modal successes). */
  streams: {
    created: 'Feed created correctly!',
    updated: 'Your feed has been updated correctly!',
    createFailed: 'There was an error creating the feed. Please, try again or contact support',
    updateFailed: 'There was an error updating the feed. Please, try again or contact support',
    deleteFailed: 'Something went wrong. Please try again or contact support',
    refreshQueued: 'Getting new streams for your Twitch Feed',
    refreshFailed: 'There was an error getting new streams for your Twitch Feed. Please try again or contact support.',
    /** "save failure shows the server detail plus a period" (001 §8, as for videos). */
    saveFailed: (detail: string) => `${detail.replace(/\.$/, '')}.`,
    editFailed: 'Something went wrong updating the stream',
    /** Saved streams delete error: worded as the saved videos' (001 §8). */
    savedDeleteFailed: 'Something went wrong.',
    feedEdited: 'Feed has been edited.',
    feedSaved: 'New Feed has been saved.',
    upgrade: 'You need to upgrade your current subscription to keep using this feature.',
    alreadySaved: "Streams couldn't be saved - They already exist on Saved Coverage",
    // Not in the catalogue; plain wording.
    notConnected: 'Twitch is not connected on this server: set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET.',
    notFoundAtUrl: 'No Twitch stream or video was found at this address',
    previewFailed: 'Something went wrong with your preview. Please try again or contact support.',
    gameRequired: 'Please choose a game',
    /** Game-wide feeds (issue 30): a keyword is optional once a game is chosen. */
    keywordOrGame: 'Enter a keyword of at least 3 characters, or choose a game to follow all of its live streams',
    gameNotFound: 'This game does not exist on Twitch: choose one from the list',
    minViewers: 'The minimum viewer count must be a whole number, 0 or more',
    gameWide: 'All live streams of the game',
    keywordHelp: 'Optional: streams and videos of the game whose title contains it. Leave empty to follow every live stream of the game.',
    savedCount: (n: number) => `${count(n, 'stream')} saved on your Saved coverage!`,
    deletedCount: (n: number) => `${count(n, 'stream')} deleted.`,
    partialSave: (saved: number, failed: number) =>
      `${count(saved, 'stream')} saved. ${failed.toLocaleString('en')} couldn't be saved as ${failed === 1 ? 'it already exists' : 'they already exist'} on Saved Coverage`,
    streamAdded: 'Item was added correctly!',
    streamEdited: 'Stream has been edited.',
    minBelowMax: 'The minimum must not be above the maximum',
  },
  /** Slack and Discord webhooks and channels checked when saved (alerts, video and stream feeds). */
  webhooks: {
    slackHost: 'Use a Slack incoming-webhook URL (https://hooks.slack.com/services/…)',
    discordHost: 'Use a Discord webhook URL (https://discord.com/api/webhooks/…)',
    unknownSlackChannel: 'This channel is not in your Slack workspace: refresh the channel list and pick it again',
    testText: (project: string) => `Coverwatch will post new coverage of ${project} here.`,
    testSent: (service: string) => `Test message sent to ${service}`,
  },
  /** Password reset, e-mail verification and the login page's extras (issue 15; plain wording, not in the catalogue). */
} as const;

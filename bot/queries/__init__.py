"""What players ask the bot about, pure: rules topics (`/rules`) and game components (`/card`)."""

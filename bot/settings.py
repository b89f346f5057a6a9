"""Configuration from the environment and `.env`, validated once at startup.

Every setting is documented in `.env.example`; this module is the single place that
reads the environment, so tests build `Settings(...)` directly instead.
"""

from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    # A file path (SQLite), kept as typed: a URL must not be normalised into a path.
    database_path: str | Path = Field(default="data/smithfield.db", alias="SMITHFIELD_DB")
    # The sandbox (`python -m bot sandbox`) keeps its games apart from real ones.
    sandbox_database_path: str | Path = Field(
        default="data/sandbox.db", alias="SMITHFIELD_SANDBOX_DB"
    )
    # How long a command waits for another process's write lock before it is refused.
    db_busy_seconds: float = Field(default=5.0, gt=0, alias="SMITHFIELD_DB_BUSY_SECONDS")
    seed: int | None = Field(default=None, alias="SMITHFIELD_SEED")
    # The strong AI's time budget per move, and the pace of a game with no human left.
    ai_seconds: float = Field(default=2.0, gt=0, le=60, alias="SMITHFIELD_AI_SECONDS")
    ai_pace_seconds: float = Field(default=5.0, ge=0, le=3600, alias="SMITHFIELD_AI_PACE")
    log_level: str = Field(default="INFO", alias="SMITHFIELD_LOG_LEVEL")
    dev_guild_id: int | None = Field(default=None, alias="SMITHFIELD_DEV_GUILD")
    force_sync: bool = Field(default=False, alias="SMITHFIELD_FORCE_SYNC")

    @field_validator("discord_token", "seed", "dev_guild_id", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        # An empty `NAME=` line (as in .env.example) means "not set", not "empty".
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError(f"unknown log level {value!r}")
        return level

"""Lesson and puzzle content: pydantic models, validated loading and engine-based grading."""

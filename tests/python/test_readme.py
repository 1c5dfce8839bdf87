# The README's example of the module runs as written.
import re

from conftest import ROOT


def test_the_readme_example_runs():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Python: `import nim_game`", 1)[1].split("\n## ", 1)[0]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len(example.splitlines()) <= 12
    exec(compile(example, "README.md", "exec"), {})
